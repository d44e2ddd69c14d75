import Foundation

/// A store's wait right now, the design's `WaitTime` (minutes, status, lastUpdated) plus what Kiroku adds: groups,
/// the colour band, and whether the figure is stale.
public struct CurrentWait: Sendable, Hashable {
    /// The design's three states.
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        case available
        case closed
        case unavailable
    }

    public let minutes: Int?
    public let groups: Int?
    public let status: Status
    /// When the figure was observed; without any observation, the start of the current minute (the status then comes
    /// from the hours alone, and a whole-minute value keeps the API's ETag stable between polls).
    public let lastUpdated: Date
    /// When the latest observation was made; nil when no figure has ever arrived.
    public let observedAt: Date?
    /// True during opening hours when the latest figure is older than `staleAfter` (R2: 「データ更新失敗」).
    public let isStale: Bool
    /// The store is open but has stopped giving out numbers for the day.
    public let receptionClosed: Bool
    public let band: WaitBand

    /// Figures older than this during opening hours are no longer current.
    public static let staleAfter: TimeInterval = 30 * 60

    /// Combines the latest observation with the store's hours at `now`.
    public init(latest: WaitObservation?, opening: OpeningStatus, now: Date) {
        groups = opening.state == .closed ? nil : latest?.groups
        lastUpdated = latest?.observedAt ?? Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
        observedAt = latest?.observedAt
        receptionClosed = opening.state != .closed && latest?.status == .receptionClosed
        if opening.state == .closed {
            status = .closed
            minutes = nil
            isStale = false
        } else if let latest {
            isStale = now.timeIntervalSince(latest.observedAt) > Self.staleAfter
            switch latest.status {
            case .available:
                status = .available
                minutes = latest.minutes
            case .closed, .receptionClosed:
                status = .closed
                minutes = nil
            case .unavailable:
                status = .unavailable
                minutes = nil
            }
        } else {
            status = .unavailable
            minutes = nil
            isStale = false
        }
        band = WaitBand(minutes: minutes, status: status)
    }
}
