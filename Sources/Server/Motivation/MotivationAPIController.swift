import Charts
import Foundation
import Health
import Hummingbird
import Motivation
import Services
import Storage

/// `/api/v1/streaks` and `/api/v1/badges`: the caller's streaks (overall and per metric) and badge collection.
struct MotivationAPIController {
    let motivation: MotivationService
    let metrics: AppMetrics

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("streaks", use: streaks)
        routes.get("badges", use: badges)
        routes.get("share-card.png", use: shareCard)
        routes.get("pauses", use: pauses)
        routes.post("pauses", use: addPause)
        routes.delete("pauses/{id}", use: deletePause)
        return routes
    }

    struct StreakResponse: Codable, Sendable {
        let current: Int
        let longest: Int
        /// Habit strength in [0, 1].
        let strength: Double
        let freezesHeld: Int
        /// The last 14 days, oldest first: done, frozen, paused, missed or pending (today, not yet recorded).
        let recentDays: [DayResponse]

        init(_ summary: StreakSummary) {
            current = summary.current
            longest = summary.longest
            strength = (summary.strength * 1000).rounded() / 1000
            freezesHeld = summary.freezesHeld
            recentDays = summary.recentDays(14).map { DayResponse(day: $0.day.description, status: $0.status.rawValue) }
        }
    }

    struct DayResponse: Codable, Sendable {
        let day: String
        let status: String
    }

    struct MetricStreakResponse: Codable, Sendable {
        let metric: String
        let streak: StreakResponse
    }

    struct StreaksResponse: ResponseEncodable, Decodable {
        let today: String
        let overall: StreakResponse
        let metrics: [MetricStreakResponse]
    }

    struct BadgeResponse: Codable, Sendable {
        let id: String
        let name: LocalizedText
        let description: LocalizedText
        let type: String
        let tier: String
        let repeatable: Bool
        let earned: Bool
        let earnedAt: Date?
        let timesEarned: Int
        /// 0–100 toward the badge (100 once earned).
        let progress: Int
    }

    struct BadgesResponse: ResponseEncodable, Decodable {
        let badges: [BadgeResponse]
    }

    @Sendable func streaks(request: Request, context: AppRequestContext) async throws -> StreaksResponse {
        let report = try await motivation.streaks(userId: try context.requireUserId(), now: context.now)
        return StreaksResponse(
            today: report.today.description,
            overall: StreakResponse(report.overall),
            metrics: report.byMetric.map { MetricStreakResponse(metric: $0.metric, streak: StreakResponse($0.summary)) }
        )
    }

    @Sendable func badges(request: Request, context: AppRequestContext) async throws -> BadgesResponse {
        let progress = try await motivation.badges(userId: try context.requireUserId(), now: context.now)
        return BadgesResponse(badges: progress.map(Self.response))
    }

    /// The share card as a PNG: `layout=portrait|landscape`; `weight`, `bmi`, `name`, `dates` = 1 to include each.
    @Sendable func shareCard(request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        guard let layout = ShareCardSVG.Layout(rawValue: query["layout"].map(String.init) ?? "portrait") else {
            throw APIError.invalidParameter("layout", expected: .oneOf(ShareCardSVG.Layout.self))
        }
        let ticked: (String) -> Bool = { query[Substring($0)].map(String.init) == "1" }
        let privacy = SharePrivacy(showsWeight: ticked("weight"), showsBMI: ticked("bmi"), showsName: ticked("name"), showsDates: ticked("dates"))
        let userId = try context.requireUserId()
        let card = try await motivation.shareCard(userId: userId, privacy: privacy, language: context.language, now: context.now)
        let png = try await ShareCardImage.png(
            card, layout: layout, language: context.language, userId: userId, scope: .account(layout: layout.rawValue), motivation: motivation,
            metrics: metrics, now: context.now
        )
        return Response(
            status: .ok,
            headers: [.contentType: "image/png", .cacheControl: "private, no-store", .contentDisposition: "inline; filename=\"kiroku-card.png\""],
            body: .init(byteBuffer: ByteBuffer(bytes: png))
        )
    }

    struct PauseInput: Decodable {
        let first: String
        let last: String
    }

    struct PauseResponse: ResponseEncodable, Decodable {
        let id: Int64
        let first: String
        let last: String
    }

    struct PauseListResponse: ResponseEncodable, Decodable {
        let pauses: [PauseResponse]
    }

    @Sendable func pauses(request: Request, context: AppRequestContext) async throws -> PauseListResponse {
        let rows = try await motivation.pauseRows(userId: try context.requireUserId())
        return PauseListResponse(pauses: rows.map { PauseResponse(id: $0.id ?? 0, first: $0.firstDay, last: $0.lastDay) })
    }

    @Sendable func addPause(request: Request, context: AppRequestContext) async throws -> EditedResponse<PauseResponse> {
        let input = try await request.decode(as: PauseInput.self, context: context)
        let row = try await motivation.addPause(userId: try context.requireUserId(), first: input.first, last: input.last, now: context.now)
        return EditedResponse(status: .created, response: PauseResponse(id: row.id ?? 0, first: row.firstDay, last: row.lastDay))
    }

    @Sendable func deletePause(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        try await motivation.deletePause(id: id, userId: try context.requireUserId())
        return .noContent
    }

    static func response(_ item: BadgeProgress) -> BadgeResponse {
        BadgeResponse(
            id: item.badge.id, name: item.badge.name, description: item.badge.description, type: item.badge.type.rawValue,
            tier: item.badge.tier.rawValue, repeatable: item.badge.isRepeatable, earned: item.isEarned, earnedAt: item.earnedAt,
            timesEarned: item.timesEarned, progress: item.percent
        )
    }
}
