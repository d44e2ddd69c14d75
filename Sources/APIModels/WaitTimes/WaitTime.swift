import Foundation
import WaitTimes

/// The design's `WaitTime` (minutes, status, lastUpdated) plus groups, the colour band, staleness and whether
/// reception has closed: `/api/stores/{id}/waittime`, and the `waitTime` of every store. Kiroku always sends the
/// additions; they are optional when read so that the design's own `WaitTime` JSON still decodes.
public struct WaitTime: Codable, Sendable, Equatable {
    @ExplicitNull public var minutes: Int?
    public var status: CurrentWait.Status
    public var lastUpdated: Date
    @ExplicitNull public var groups: Int?
    @ExplicitNull public var band: WaitBand?
    @ExplicitNull public var stale: Bool?
    @ExplicitNull public var receptionClosed: Bool?

    public init(minutes: Int?, status: CurrentWait.Status, lastUpdated: Date, groups: Int?, band: WaitBand?, stale: Bool?, receptionClosed: Bool?) {
        self.minutes = minutes
        self.status = status
        self.lastUpdated = lastUpdated
        self.groups = groups
        self.band = band
        self.stale = stale
        self.receptionClosed = receptionClosed
    }
}
