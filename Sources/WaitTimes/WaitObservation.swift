import Foundation

/// One reading of a store's queue: what a feed, an operator or the CLI said at a moment.
public struct WaitObservation: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// Taking numbers; `minutes` is the wait.
        case available
        /// Closed (outside hours, a rest day, or temporarily stopped by the store).
        case closed
        /// No usable figure.
        case unavailable
        /// Open, but the day's tickets are gone (the queue service's `isOverFlg`).
        case receptionClosed
    }

    public var storeId: String
    public var observedAt: Date
    public var minutes: Int?
    public var groups: Int?
    public var status: Status
    /// Where it came from: "operator", "feed", "cli".
    public var source: String

    public init(storeId: String, observedAt: Date, minutes: Int?, groups: Int? = nil, status: Status, source: String) {
        self.storeId = storeId
        self.observedAt = observedAt
        self.minutes = minutes
        self.groups = groups
        self.status = status
        self.source = source
    }

    /// Longest wait accepted: a day. Anything above is a unit mistake.
    public static let maxMinutes = 24 * 60

    /// Why an observation can't be stored, or nil when it is fine.
    public var problem: LocalizedProblem? {
        if let minutes, !(0...Self.maxMinutes).contains(minutes) { return .minutesOutOfRange }
        if let groups, !(0...10_000).contains(groups) { return .groupsOutOfRange }
        if status == .available, minutes == nil { return .minutesMissing }
        return nil
    }
}
