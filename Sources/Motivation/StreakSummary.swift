import Foundation
import Health

/// Everything a page or the API shows about one streak: for one metric, or for "any record".
public struct StreakSummary: Sendable, Hashable, Codable {
    /// Days with data in the unbroken run that reaches today (or yesterday, while today is still open).
    public let current: Int
    /// The best run ever, counted the same way.
    public let longest: Int
    /// Loop-style habit strength in [0, 1], honest about every missed day: freezes save the streak, not the score.
    public let strength: Double
    /// Freezes held now (0...2), ready to protect the next missed day.
    public let freezesHeld: Int
    /// The day the longest run ended, so a badge can be dated.
    public let longestEndedOn: LocalDay?
    /// Every day from the first record through today, oldest first.
    public let timeline: [StreakDay]

    public init(current: Int, longest: Int, strength: Double, freezesHeld: Int, longestEndedOn: LocalDay?, timeline: [StreakDay]) {
        self.current = current
        self.longest = longest
        self.strength = strength
        self.freezesHeld = freezesHeld
        self.longestEndedOn = longestEndedOn
        self.timeline = timeline
    }

    public static let empty = StreakSummary(current: 0, longest: 0, strength: 0, freezesHeld: 0, longestEndedOn: nil, timeline: [])

    /// The last `count` days of the timeline, for a strip that fits a phone.
    public func recentDays(_ count: Int) -> [StreakDay] {
        Array(timeline.suffix(max(0, count)))
    }
}
