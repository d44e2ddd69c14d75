import Foundation

/// A store as a list shows it at one instant: its facts, opening status, current wait, and distance from the reader.
public struct StoreSnapshot: Sendable, Hashable {
    public let store: Store
    public let opening: OpeningStatus
    public let wait: CurrentWait
    /// Metres from the reader's location, when both are known.
    public var distance: Double?

    public init(store: Store, latest: WaitObservation?, now: Date, timeZone: TimeZone, from location: Coordinate? = nil) {
        self.store = store
        opening = OpeningStatus(store: store, at: now, timeZone: timeZone)
        wait = CurrentWait(latest: latest, opening: opening, now: now)
        if let location, let coordinate = store.coordinate { distance = location.distance(to: coordinate) }
    }
}
