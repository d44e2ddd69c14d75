import Foundation

/// What a route amounts to: its length along the ground, how much it climbed and descended, its elevation
/// range and its elapsed time.
public struct RouteSummary: Sendable, Equatable, Codable {
    public var pointCount: Int
    public var distanceMeters: Double
    public var ascentMeters: Double?
    public var descentMeters: Double?
    public var lowestElevation: Double?
    public var highestElevation: Double?
    public var elapsedSeconds: Double?

    /// Mean Earth radius (IUGG), metres: the great-circle distance is good to about 0.5 % anywhere.
    public static let earthRadius = 6_371_008.8

    public init(_ points: [RoutePoint]) {
        pointCount = points.count
        var distance = 0.0
        var ascent = 0.0
        var descent = 0.0
        var sawClimb = false
        for (previous, next) in zip(points, points.dropFirst()) {
            distance += Self.meters(from: previous, to: next)
            if let from = previous.elevation, let to = next.elevation {
                sawClimb = true
                if to > from { ascent += to - from } else { descent += from - to }
            }
        }
        distanceMeters = distance
        ascentMeters = sawClimb ? ascent : nil
        descentMeters = sawClimb ? descent : nil
        let elevations = points.compactMap(\.elevation)
        lowestElevation = elevations.min()
        highestElevation = elevations.max()
        let times = points.compactMap(\.time)
        if let first = times.min(), let last = times.max() { elapsedSeconds = last.timeIntervalSince(first) }
    }

    /// Great-circle (haversine) distance between two fixes, metres.
    public static func meters(from a: RoutePoint, to b: RoutePoint) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians
        let dLon = (b.longitude - a.longitude) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, sqrt(h)))
    }
}
