import Foundation

/// How a goal stands today, in words a page can colour.
public enum GoalStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case onTrack
    /// Progress is below what a steady pace toward the deadline would have reached by now.
    case behind
    case achieved
}
