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
        var builder = Builder()
        for point in points { builder.add(point) }
        self = builder.summary
    }

    init(pointCount: Int, distanceMeters: Double, ascentMeters: Double?, descentMeters: Double?, lowestElevation: Double?, highestElevation: Double?, elapsedSeconds: Double?) {
        self.pointCount = pointCount
        self.distanceMeters = distanceMeters
        self.ascentMeters = ascentMeters
        self.descentMeters = descentMeters
        self.lowestElevation = lowestElevation
        self.highestElevation = highestElevation
        self.elapsedSeconds = elapsedSeconds
    }

    /// The summary of a route read one point at a time, so a 200,000-point route needs no array of all of them.
    public struct Builder: Sendable {
        private var count = 0
        private var distance = 0.0
        private var ascent = 0.0
        private var descent = 0.0
        private var sawClimb = false
        private var previous: RoutePoint?
        private var lowest: Double?
        private var highest: Double?
        private var earliest: Date?
        private var latest: Date?

        public init() {}

        public mutating func add(_ point: RoutePoint) {
            count += 1
            if let previous {
                distance += RouteSummary.meters(from: previous, to: point)
                // Climb counts between neighbours that both know their elevation.
                if let from = previous.elevation, let to = point.elevation {
                    sawClimb = true
                    if to > from { ascent += to - from } else { descent += from - to }
                }
            }
            previous = point
            if let elevation = point.elevation {
                lowest = min(lowest ?? elevation, elevation)
                highest = max(highest ?? elevation, elevation)
            }
            if let time = point.time {
                earliest = min(earliest ?? time, time)
                latest = max(latest ?? time, time)
            }
        }

        public var summary: RouteSummary {
            RouteSummary(
                pointCount: count, distanceMeters: distance, ascentMeters: sawClimb ? ascent : nil, descentMeters: sawClimb ? descent : nil,
                lowestElevation: lowest, highestElevation: highest, elapsedSeconds: earliest.flatMap { first in latest.map { $0.timeIntervalSince(first) } }
            )
        }
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
