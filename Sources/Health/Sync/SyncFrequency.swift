import Foundation

/// How often the agent pushes on its own (design R8): within seconds of new records, once an hour, once a day, or
/// only when a person asks. Saved with the target, so the server's scheduler, `kiroku sync daemon` and the page agree.
public enum SyncFrequency: String, Codable, Sendable, CaseIterable {
    case realtime
    case hourly
    case daily
    case manual

    /// The least time between two scheduled runs; nil when runs are only started by hand. Real time is driven by
    /// waiting records, not by the clock, so its interval is the scheduler's own tick.
    public var interval: TimeInterval? {
        switch self {
        case .realtime: 0
        case .hourly: 3_600
        case .daily: 86_400
        case .manual: nil
        }
    }
}
