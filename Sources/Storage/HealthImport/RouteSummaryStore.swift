import Foundation
import GRDB
import Health

/// A workout route's summary kept on its workout (`healthWorkout.routeSummary`, JSON), so the workout page, the API's
/// overview and each first page read one row instead of every point of a route that may hold 200,000. It is written
/// when the route is: in the transaction that stores a route that arrives whole, after the last batch of a GPX file.
/// NULL while a route is still arriving; readers then compute it from the points, as before it was kept.
enum RouteSummaryStore {
    /// The summary of every stored point of the route, in one pass. Each row gives its position and elevation; the
    /// elapsed time comes from the first and last time, which SQLite finds (a time is text, slow to parse in bulk).
    static func compute(_ db: Database, userId: Int64, workoutId: Int64) throws -> RouteSummary {
        let arguments: StatementArguments = [userId, workoutId]
        let times = try Row.fetchOne(db, sql: """
            SELECT MIN(time), MAX(time) FROM healthWorkoutRoutePoint WHERE +userId = ? AND workoutId = ?
            """, arguments: arguments)
        var builder = RouteSummary.Builder()
        let rows = try Row.fetchCursor(db, sql: """
            SELECT latitude, longitude, elevation FROM healthWorkoutRoutePoint WHERE userId = ? AND workoutId = ? ORDER BY sequence
            """, arguments: arguments)
        while let row = try rows.next() {
            builder.add(RoutePoint(time: nil, latitude: row[0], longitude: row[1], elevation: row[2]))
        }
        var summary = builder.summary
        if let first: Date = times?[0], let last: Date = times?[1] { summary.elapsedSeconds = last.timeIntervalSince(first) }
        return summary
    }

    /// Computes the route's summary from its stored points and keeps it on the workout.
    static func refresh(_ db: Database, userId: Int64, workoutId: Int64) throws {
        let summary = try compute(db, userId: userId, workoutId: workoutId)
        try db.execute(sql: "UPDATE healthWorkout SET routeSummary = ? WHERE id = ? AND userId = ?", arguments: [
            summary.pointCount > 0 ? DatedJSON.string(summary) : nil, workoutId, userId,
        ])
    }

    /// Points were added: the kept summary no longer holds until the next `refresh`.
    static func invalidate(_ db: Database, userId: Int64, workoutId: Int64) throws {
        try db.execute(sql: """
            UPDATE healthWorkout SET routeSummary = NULL WHERE id = ? AND userId = ? AND routeSummary IS NOT NULL
            """, arguments: [workoutId, userId])
    }

    /// The kept summary, nil when there is none (no route, or one still arriving).
    static func stored(_ db: Database, userId: Int64, workoutId: Int64) throws -> RouteSummary? {
        let text = try String.fetchOne(db, sql: "SELECT routeSummary FROM healthWorkout WHERE id = ? AND userId = ?", arguments: [workoutId, userId])
        return text.flatMap { DatedJSON.decode(RouteSummary.self, from: $0) }
    }

    /// The kept summary, or the one computed from the points while there is none.
    static func current(_ db: Database, userId: Int64, workoutId: Int64) throws -> RouteSummary {
        try stored(db, userId: userId, workoutId: workoutId) ?? compute(db, userId: userId, workoutId: workoutId)
    }
}
