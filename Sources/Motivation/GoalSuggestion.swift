import Foundation
import Health

/// A goal proposal the user accepts or dismisses. Its id is stable for (kind, metric, day), so the same proposal
/// computed twice on one day is one proposal, and a dismissal can be stored against it.
public struct GoalSuggestion: Sendable, Hashable, Codable, Identifiable {
    /// A dismissed kind of suggestion for a metric stays hidden this many days.
    public static let dismissalQuietDays = 14

    public let kind: SuggestionKind
    public let metricID: String
    public let day: LocalDay
    public let proposal: SuggestionProposal
    public let message: LocalizedText

    public init(kind: SuggestionKind, metricID: String, day: LocalDay, proposal: SuggestionProposal, message: LocalizedText) {
        self.kind = kind
        self.metricID = metricID
        self.day = day
        self.proposal = proposal
        self.message = message
    }

    public var id: String { Self.id(kind: kind, metricID: metricID, day: day) }

    public static func id(kind: SuggestionKind, metricID: String, day: LocalDay) -> String {
        "\(kind.rawValue):\(metricID):\(day)"
    }

    /// Whether this suggestion may be shown on `today`, given the user's dismissals: not within 14 days of
    /// dismissing the same kind of proposal for the same metric (a new day's proposal has a new id, but it is
    /// the same nudge, and a dismissed nudge should rest).
    public func mayBeShown(today: LocalDay, dismissals: [SuggestionDismissal]) -> Bool {
        !dismissals.contains { dismissal in
            dismissal.kind == kind && dismissal.metricID == metricID
                && dismissal.day.days(until: today) < Self.dismissalQuietDays
        }
    }
}

/// The user said "not now" to a suggestion on `day`.
public struct SuggestionDismissal: Sendable, Hashable, Codable {
    public let kind: SuggestionKind
    public let metricID: String
    public let day: LocalDay

    public init(kind: SuggestionKind, metricID: String, day: LocalDay) {
        self.kind = kind
        self.metricID = metricID
        self.day = day
    }

    public init(dismissing suggestion: GoalSuggestion, on day: LocalDay) {
        self.init(kind: suggestion.kind, metricID: suggestion.metricID, day: day)
    }
}
