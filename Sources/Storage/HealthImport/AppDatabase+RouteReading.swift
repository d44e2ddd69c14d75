import Foundation
import GRDB
import Health

/// A long route read without holding it whole: its summary and an evenly thinned overview in one pass, and
/// pages of exact points in recorded order.
extension AppDatabase {
    public struct RouteOverview: Sendable {
        public var summary: RouteSummary
        public var points: [RoutePoint]
        public var thinned: Bool
    }

    /// The summary of every point of the workout's route and at most `maxPoints` of them, evenly spaced. Every
    /// row gives its position and elevation to the summary; only kept rows are read whole (a time is text to parse),
    /// and the elapsed time comes from the first and last time, which SQLite finds.
    public func routeOverview(userId: Int64, workoutId: Int64, maxPoints: Int) async throws -> RouteOverview {
        try await reader.read { db in
            let arguments: StatementArguments = [userId, workoutId]
            let bounds = try Row.fetchOne(db, sql: """
                SELECT COUNT(*), MIN(time), MAX(time) FROM healthWorkoutRoutePoint WHERE +userId = ? AND workoutId = ?
                """, arguments: arguments)
            let count: Int = bounds?[0] ?? 0
            let thinning = RouteThinning(count: count, maxPoints: maxPoints)
            var kept = thinning.keptIndices.makeIterator()
            var nextKept = kept.next()
            var builder = RouteSummary.Builder()
            var points: [RoutePoint] = []
            points.reserveCapacity(min(count, thinning.maxPoints))
            let rows = try Row.fetchCursor(db, sql: """
                SELECT \(Self.routePointColumns) FROM healthWorkoutRoutePoint WHERE userId = ? AND workoutId = ? ORDER BY sequence
                """, arguments: arguments)
            var index = 0
            while let row = try rows.next() {
                if index == nextKept {
                    points.append(Self.routePoint(row))
                    nextKept = kept.next()
                }
                builder.add(RoutePoint(time: nil, latitude: row[1], longitude: row[2], elevation: row[3]))
                index += 1
            }
            var summary = builder.summary
            if let first: Date = bounds?[1], let last: Date = bounds?[2] { summary.elapsedSeconds = last.timeIntervalSince(first) }
            return RouteOverview(summary: summary, points: points, thinned: thinning.thins)
        }
    }

    /// Exact points of the route in recorded order, `limit` at a time; the cursor is the last point's position
    /// (and row id).
    public func routePoints(userId: Int64, workoutId: Int64, after cursor: PageCursor?, limit: Int) async throws -> Page<RoutePoint> {
        try await reader.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(Self.routePointColumns), sequence, id FROM healthWorkoutRoutePoint
                WHERE userId = ? AND workoutId = ? AND sequence > ? ORDER BY sequence LIMIT ?
                """, arguments: [userId, workoutId, cursor?.sortKey ?? -1, limit + 1])
            let shown = rows.prefix(limit)
            // The row past the page only tells that another page follows.
            let next = rows.count > limit ? shown.last.map { PageCursor(sortKey: $0[8], id: $0[9]) } : nil
            return Page(items: shown.map(Self.routePoint), nextCursor: next)
        }
    }

    /// The time of the route's first timed point (the GPX document's time), nil when no point has one.
    public func firstRouteTime(userId: Int64, workoutId: Int64) async throws -> Date? {
        try await reader.read { db in
            try Date.fetchOne(db, sql: """
                SELECT time FROM healthWorkoutRoutePoint WHERE userId = ? AND workoutId = ? AND time IS NOT NULL ORDER BY sequence LIMIT 1
                """, arguments: [userId, workoutId])
        }
    }

    /// The time comes as milliseconds since 1970, computed by SQLite from the stored text ("yyyy-MM-dd HH:mm:ss.SSS",
    /// UTC): parsing 200,000 date texts in Swift took longer than everything else a long route's download does.
    private static let routePointColumns = """
        CASE WHEN time IS NULL THEN NULL ELSE CAST(strftime('%s', time) AS INTEGER) * 1000 + CAST(substr(time, 21, 3) AS INTEGER) END,
        latitude, longitude, elevation, speed, course, horizontalAccuracy, verticalAccuracy
        """

    /// A point from the eight `routePointColumns`, by position: a long route reads hundreds of thousands of them.
    private static func routePoint(_ row: Row) -> RoutePoint {
        let milliseconds: Int64? = row[0]
        return RoutePoint(
            time: milliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) }, latitude: row[1], longitude: row[2], elevation: row[3],
            speed: row[4], course: row[5], horizontalAccuracy: row[6], verticalAccuracy: row[7]
        )
    }
}
