import Foundation
import Health
import Motivation
import Testing

@Suite struct ShareCardTests {
    private let facts = ShareCardFacts(
        earnedBadges: BadgeCatalog.defaults,
        currentStreak: 12,
        goalPercent: 64.8,
        trend: .down,
        trendMetricName: LocalizedText(ja: "体重", en: "Weight"),
        weightKilograms: 72.4,
        bodyMassIndex: 24.6,
        displayName: "Hanako",
        period: Fixture.d(1)...Fixture.d(30),
        location: "Shizuoka"
    )

    private func text(_ card: ShareCard) -> String {
        card.lines.joined(separator: "\n")
    }

    @Test func byDefaultNothingPersonalIsShown() {
        #expect(SharePrivacy() == .nothingPersonal)
        for language in Language.allCases {
            let all = text(ShareCard.make(facts: facts, language: language))
            for secret in ["72", "24.6", "24,6", "Hanako", "2026", "03-01", "Shizuoka", "BMI"] {
                #expect(!all.contains(secret), "\(language): \(secret) leaked")
            }
        }
    }

    @Test func theCardShowsStreakGoalTrendBadgesAndEncouragement() {
        let card = ShareCard.make(facts: facts, language: .ja)
        #expect(card.lines.contains("12日連続で記録中"))
        #expect(card.lines.contains("目標まで64%達成"))
        #expect(card.lines.contains("体重 ↓"))
        #expect(card.lines.contains { $0.contains("はじめの一歩") && $0.contains("健康マスター") })
        #expect(card.lines.last == card.encouragement)
        #expect(card.badges.count == 3)
        let english = ShareCard.make(facts: facts, language: .en)
        #expect(english.lines.contains("12-day streak"))
        #expect(english.lines.contains { $0.contains("Persistence Pays") })
        #expect(english.encouragement != card.encouragement)
    }

    @Test func eachPersonalDetailAppearsOnlyWithItsOwnFlag() {
        let weightOnly = text(ShareCard.make(facts: facts, privacy: SharePrivacy(showsWeight: true), language: .en))
        #expect(weightOnly.contains("72.4 kg"))
        #expect(!weightOnly.contains("24.6") && !weightOnly.contains("Hanako"))
        let bmiOnly = text(ShareCard.make(facts: facts, privacy: SharePrivacy(showsBMI: true), language: .en))
        #expect(bmiOnly.contains("BMI 24.6") && !bmiOnly.contains("72.4"))
        let nameAndDates = text(ShareCard.make(facts: facts, privacy: SharePrivacy(showsName: true, showsDates: true, showsLocation: true), language: .en))
        #expect(nameAndDates.contains("Hanako") && nameAndDates.contains("2026-03-01") && nameAndDates.contains("Shizuoka"))
        #expect(!nameAndDates.contains("72.4"))
    }

    @Test func manyBadgesAreTrimmedToTheLatestSix() {
        let card = ShareCard.make(facts: ShareCardFacts(earnedBadges: BadgeCatalog.all), language: .en)
        #expect(card.badges == Array(BadgeCatalog.all.suffix(ShareCard.maximumBadges)))
    }

    @Test func encouragementCelebratesWhatIsThere() {
        let reached = ShareCard.make(facts: ShareCardFacts(goalPercent: 100), language: .en)
        let starting = ShareCard.make(facts: ShareCardFacts(), language: .en)
        #expect(reached.encouragement != starting.encouragement)
        #expect(!starting.lines.contains { $0.contains("streak") })
    }
}
