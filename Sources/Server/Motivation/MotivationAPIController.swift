import Foundation
import Health
import Hummingbird
import Motivation
import Services

/// `/api/v1/streaks` and `/api/v1/badges`: the caller's streaks (overall and per metric) and badge collection.
struct MotivationAPIController {
    let motivation: MotivationService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("streaks", use: streaks)
        routes.get("badges", use: badges)
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

    static func response(_ item: BadgeProgress) -> BadgeResponse {
        BadgeResponse(
            id: item.badge.id, name: item.badge.name, description: item.badge.description, type: item.badge.type.rawValue,
            tier: item.badge.tier.rawValue, repeatable: item.badge.isRepeatable, earned: item.isEarned, earnedAt: item.earnedAt,
            timesEarned: item.timesEarned, progress: item.percent
        )
    }
}
