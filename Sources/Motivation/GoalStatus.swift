import Foundation
import Health

/// How a goal stands today, in words a page can colour.
public enum GoalStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case onTrack
    /// Progress is below what a steady pace toward the deadline would have reached by now.
    case behind
    case achieved

    /// The status in words, as the goals page and `kiroku goals list` show it (順調 / On track, …).
    public var name: LocalizedText {
        switch self {
        case .onTrack: LocalizedText(ja: "順調", en: "On track")
        case .behind: LocalizedText(ja: "少し遅れ", en: "A little behind")
        case .achieved: LocalizedText(ja: "達成", en: "Achieved")
        }
    }
}
