import Charts
import Foundation
import Health
import Hummingbird
import Motivation
import Services
import Storage

/// `/badges`: the badge collection (earned first, then the closest to earning, with progress bars; unearned ones
/// locked), and the pieces other pages show: the dashboard's streak strip and the one-time award celebration.
struct MotivationWebController {
    let motivation: MotivationService
    let pages: WebRenderer
    let csrf: CSRFProtection

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/badges", use: badges)
        routes.get("/share", use: share)
        return routes
    }

    @Sendable func badges(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let strings = WebStrings.table(context.language)
        var values = pages.base(context, title: strings["moBadges"]!, csrf: csrf.token(for: request, context: context).token)
        try await Self.addCelebration(to: &values, motivation: motivation, userId: userId, context: context)
        let timeZone = try context.requireUser().resolvedTimeZone
        let progress = try await motivation.badges(userId: userId, now: context.now)
        values["badges"] = progress.map { Self.badgeValues($0, language: context.language, timeZone: timeZone) }
        values["earnedCount"] = progress.filter(\.isEarned).count
        values["badgeCount"] = progress.count
        values["navBadges"] = true
        return pages.render("badges", values)
    }

    /// `/share`: a preview of the share card with a checkbox per personal detail (all off by default) and a download link.
    @Sendable func share(request: Request, context: AppRequestContext) async throws -> Response {
        try await sharePage(request: request, context: context)
    }

    /// The `/share` page; `newLinkURL` is a public link just made, shown this once.
    func sharePage(request: Request, context: AppRequestContext, newLinkURL: String? = nil) async throws -> Response {
        let strings = WebStrings.table(context.language)
        var values = pages.base(context, title: strings["moShare"]!, csrf: csrf.token(for: request, context: context).token)
        let query = request.uri.queryParameters
        let layout = query["layout"].map(String.init) == "landscape" ? "landscape" : "portrait"
        var parameters = ["layout=\(layout)"]
        var options: [[String: Any]] = []
        for (key, label) in [("weight", "moShareWeight"), ("bmi", "moShareBMI"), ("name", "moShareName"), ("dates", "moShareDates")] {
            let ticked = query[Substring(key)].map(String.init) == "1"
            if ticked { parameters.append("\(key)=1") }
            options.append(["key": key, "label": strings[label] ?? key, "checked": ticked])
        }
        values["options"] = options
        values["landscape"] = layout == "landscape"
        values["imageURL"] = "/api/v1/share-card.png?" + parameters.joined(separator: "&")
        values["layout"] = layout
        let links = try await motivation.shareLinks(userId: try context.requireUserId())
        values["links"] = ShareLinksController.linkValues(links, strings: strings, timeZone: try context.requireUser().resolvedTimeZone)
        values["hasLinks"] = !links.isEmpty
        if let newLinkURL { values["newLinkURL"] = newLinkURL }
        values["navShare"] = true
        return pages.render("share", values)
    }

    static func badgeValues(_ item: BadgeProgress, language: Language, timeZone: TimeZone) -> [String: Any] {
        var values: [String: Any] = [
            "id": item.badge.id,
            "name": item.badge.name.text(in: language),
            "description": item.badge.description.text(in: language),
            "tier": item.badge.tier.rawValue,
            "percent": item.percent,
            "earned": item.isEarned,
            "svg": svg(item.badge, earned: item.isEarned, language: language),
        ]
        if let earnedAt = item.earnedAt { values["earnedOn"] = LocalDay(earnedAt, in: timeZone).description }
        if item.timesEarned > 1 { values["times"] = item.timesEarned }
        return values
    }

    static func svg(_ badge: Badge, earned: Bool, language: Language) -> String {
        let colors = badge.colorScheme
        return BadgeSVG(
            name: badge.name.text(in: language), description: badge.description.text(in: language),
            primary: colors.primary, secondary: colors.secondary, accent: colors.accent,
            glyph: BadgeGlyph(rawValue: badge.icon.rawValue) ?? .star, isEarned: earned
        ).svg()
    }

    /// Sets `celebrate` for the badges awarded since the last page view that showed one, and marks them shown.
    static func addCelebration(to values: inout [String: Any], motivation: MotivationService, userId: Int64, context: AppRequestContext) async throws {
        let awarded = try await motivation.takeCelebrations(userId: userId, now: context.now)
        guard !awarded.isEmpty else { return }
        values["celebrate"] = [
            "badges": awarded.map { ["name": $0.name.text(in: context.language), "svg": svg($0, earned: true, language: context.language)] },
        ]
    }

    /// The dashboard's streak strip: current and longest streak, habit strength, and the last 14 days as squares.
    static func streakStrip(_ summary: StreakSummary, today: LocalDay, strings: [String: String]) -> [String: Any] {
        let recent = summary.recentDays(14)
        // Days before the first record are drawn as empty squares, so the strip always has 14.
        let known = Dictionary(uniqueKeysWithValues: recent.map { ($0.day, $0.status) })
        let days: [[String: Any]] = (0..<14).reversed().map { back in
            let day = today.adding(days: -back)
            let status = known[day]
            let label = status.map { strings["moStatus\($0.rawValue.prefix(1).uppercased())\($0.rawValue.dropFirst())"] ?? $0.rawValue } ?? "—"
            return ["day": day.description, "status": status?.rawValue ?? "none", "label": "\(day.description) \(label)"]
        }
        var values: [String: Any] = [
            "current": summary.current,
            "longest": summary.longest,
            // "1 day", "2 days": the unit agrees with its number.
            "currentUnit": strings[summary.current == 1 ? "moDay" : "moDays"] ?? "",
            "longestUnit": strings[summary.longest == 1 ? "moDay" : "moDays"] ?? "",
            "strength": Int((summary.strength * 100).rounded()),
            "days": days,
        ]
        // Shown only while the user holds one.
        if summary.freezesHeld > 0 { values["freezes"] = summary.freezesHeld }
        return values
    }
}
