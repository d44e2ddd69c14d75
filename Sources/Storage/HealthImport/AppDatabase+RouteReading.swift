import Foundation
import GRDB
import Health

/// A long route read without holding it whole: its kept summary and an evenly thinned overview, and pages of exact
/// points in recorded order.
extension AppDatabase {
    public struct RouteOverview: Sendable {
        public var summary: RouteSummary
        public var points: [RoutePoint]
        public var thinned: Bool
    }

    /// The summary of every point of the workout's route (kept on the workout since the route was written) and at
    /// most `maxPoints` of its points, evenly spaced. SQLite numbers the places along the route and hands over only
    /// the kept points: the rows between them are never read into Swift, nor their times parsed.
    public func routeOverview(userId: Int64, workoutId: Int64, maxPoints: Int) async throws -> RouteOverview {
        try await reader.read { db in
            let summary = try RouteSummaryStore.current(db, userId: userId, workoutId: workoutId)
            let thinning = RouteThinning(count: summary.pointCount, maxPoints: maxPoints)
            let rows = if thinning.thins {
                try Row.fetchAll(db, sql: """
                    SELECT \(Self.routePointColumns) FROM (
                        SELECT \(Self.routePointStoredColumns), ROW_NUMBER() OVER (ORDER BY sequence) - 1 AS place
                        FROM healthWorkoutRoutePoint WHERE userId = ? AND workoutId = ?
                    ) WHERE place IN (SELECT value FROM json_each(?)) ORDER BY place
                    """, arguments: [userId, workoutId, DatedJSON.string(thinning.keptIndices)])
            } else {
                try Row.fetchAll(db, sql: """
                    SELECT \(Self.routePointColumns) FROM healthWorkoutRoutePoint WHERE userId = ? AND workoutId = ? ORDER BY sequence
                    """, arguments: [userId, workoutId])
            }
            return RouteOverview(summary: summary, points: rows.map(Self.routePoint), thinned: thinning.thins)
        }
    }

    /// The summary of the workout's whole route (none of its points): what a page of points shows above the first.
    public func routeSummary(userId: Int64, workoutId: Int64) async throws -> RouteSummary {
        try await reader.read { db in try RouteSummaryStore.current(db, userId: userId, workoutId: workoutId) }
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

    /// The stored columns `routePointColumns` reads.
    private static let routePointStoredColumns = "time, latitude, longitude, elevation, speed, course, horizontalAccuracy, verticalAccuracy"

    /// A point from the eight `routePointColumns`, by position: a long route reads hundreds of thousands of them.
    private static func routePoint(_ row: Row) -> RoutePoint {
        let milliseconds: Int64? = row[0]
        return RoutePoint(
            time: milliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) }, latitude: row[1], longitude: row[2], elevation: row[3],
            speed: row[4], course: row[5], horizontalAccuracy: row[6], verticalAccuracy: row[7]
        )
    }
}
