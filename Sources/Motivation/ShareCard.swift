import Foundation
import Health

/// The content of a share card, ready to lay out: lines of text in the user's language, the badges to draw,
/// and the trend arrow. Built only through ``make(facts:privacy:language:)``, which applies the privacy flags.
public struct ShareCard: Sendable, Hashable, Codable {
    /// Badges to draw, most recent last, at most ``maximumBadges``.
    public let badges: [Badge]
    public let trend: TrendDirection
    /// Text lines in display order; the last one is the encouraging message.
    public let lines: [String]
    public let encouragement: String

    public static let maximumBadges = 6

    public init(badges: [Badge], trend: TrendDirection, lines: [String], encouragement: String) {
        self.badges = badges
        self.trend = trend
        self.lines = lines
        self.encouragement = encouragement
    }

    /// Builds the card. A weight, a BMI, a name, dates or a place appear only when their flag is on.
    public static func make(facts: ShareCardFacts, privacy: SharePrivacy = SharePrivacy(), language: Language) -> ShareCard {
        var lines: [String] = []
        func say(_ ja: String, _ en: String) {
            lines.append(LocalizedText(ja: ja, en: en).text(in: language))
        }
        if privacy.showsName, let name = facts.displayName, !name.isEmpty { lines.append(name) }
        if privacy.showsDates, let period = facts.period { lines.append("\(period.lowerBound) – \(period.upperBound)") }
        if privacy.showsLocation, let location = facts.location, !location.isEmpty { lines.append(location) }
        if facts.currentStreak > 0 {
            say("\(facts.currentStreak)日連続で記録中", "\(facts.currentStreak)-day streak")
        }
        if let percent = facts.goalPercent {
            let whole = Int(min(max(percent, 0), 100).rounded(.down))
            say("目標まで\(whole)%達成", "\(whole) % of the goal")
        }
        let subject = facts.trendMetricName?.text(in: language) ?? LocalizedText(ja: "傾向", en: "Trend").text(in: language)
        say("\(subject) \(facts.trend.arrow)", "\(subject) \(facts.trend.arrow)")
        if privacy.showsWeight, let weight = facts.weightKilograms {
            say("体重 \(String(format: "%.1f", weight)) kg", "Weight \(String(format: "%.1f", weight)) kg")
        }
        if privacy.showsBMI, let bmi = facts.bodyMassIndex {
            say("BMI \(String(format: "%.1f", bmi))", "BMI \(String(format: "%.1f", bmi))")
        }
        let badges = Array(facts.earnedBadges.suffix(maximumBadges))
        if !badges.isEmpty {
            let names = badges.map { $0.name.text(in: language) }
            say("バッジ：" + names.joined(separator: "、"), "Badges: " + names.joined(separator: ", "))
        }
        let encouragement = Self.encouragement(for: facts).text(in: language)
        lines.append(encouragement)
        return ShareCard(badges: badges, trend: facts.trend, lines: lines, encouragement: encouragement)
    }

    /// A line that celebrates what is there, never what is missing.
    static func encouragement(for facts: ShareCardFacts) -> LocalizedText {
        if let percent = facts.goalPercent, percent >= 100 {
            return LocalizedText(ja: "目標達成！ここまでの積み重ねに拍手。", en: "Goal reached! Every day of it counted.")
        }
        if facts.currentStreak >= 7 {
            return LocalizedText(ja: "毎日の記録が、確かな力になっています。", en: "Day after day, it adds up.")
        }
        if let percent = facts.goalPercent, percent >= 50 {
            return LocalizedText(ja: "折り返し地点を過ぎました。この調子で！", en: "Past halfway. Keep it going!")
        }
        return LocalizedText(ja: "小さな一歩を、今日も。", en: "One small step, today too.")
    }
}
