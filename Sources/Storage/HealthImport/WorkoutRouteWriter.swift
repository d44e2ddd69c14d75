import Foundation
import GRDB
import Health

/// Stores a workout's route inside the caller's transaction, once: a workout that already has a route keeps it,
/// so importing the same export, the same GPX file or the same Health Auto Export delivery again adds nothing.
struct WorkoutRouteWriter {
    let db: Database
    let userId: Int64
    private let insert: ImportStatement
    private let exists: ImportStatement
    private let workoutBySlot: ImportStatement

    init(db: Database, userId: Int64) throws {
        self.db = db
        self.userId = userId
        insert = try ImportStatement(db, sql: """
            INSERT OR IGNORE INTO healthWorkoutRoutePoint
            (userId, workoutId, sequence, time, latitude, longitude, elevation, speed, course, horizontalAccuracy, verticalAccuracy, origin)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        exists = try ImportStatement(db, sql: "SELECT COUNT(*) FROM healthWorkoutRoutePoint WHERE workoutId = ? AND userId = ?")
        workoutBySlot = try ImportStatement(db, sql: "SELECT id FROM healthWorkout WHERE userId = ? AND naturalKey = ?")
    }

    /// The id of the user's workout stored under natural-key slot `slot`.
    func workoutId(slot: Int64) throws -> Int64? {
        try workoutBySlot.first(db) { row in
            row.add(userId)
            row.add(slot)
        } read: { $0.int64(0) }
    }

    /// Points the workout already has.
    func storedCount(workoutId: Int64) throws -> Int {
        Int(try exists.first(db) { row in
            row.add(workoutId)
            row.add(userId)
        } read: { $0.int64(0) } ?? 0)
    }

    /// Stores `points` as the workout's route unless it has one; answers (stored, already present).
    func storeOnce(_ points: [RoutePoint], workoutId: Int64, origin: WorkoutRoutePointRecord.Origin) throws -> (stored: Int, present: Int) {
        guard !points.isEmpty else { return (0, 0) }
        let present = try storedCount(workoutId: workoutId)
        guard present == 0 else { return (0, points.count) }
        let stored = try append(points, workoutId: workoutId, from: 0, origin: origin)
        try RouteSummaryStore.refresh(db, userId: userId, workoutId: workoutId)
        return (stored, 0)
    }

    /// Appends points numbered from `sequence` (a long GPX file arrives in batches); answers how many were new. New
    /// points set the route's kept summary aside until the route is complete and summarised again.
    func append(_ points: [RoutePoint], workoutId: Int64, from sequence: Int, origin: WorkoutRoutePointRecord.Origin) throws -> Int {
        var stored = 0
        for (offset, point) in points.enumerated() {
            let wrote = try insert.execute(db) { row in
                row.add(userId)
                row.add(workoutId)
                row.add(sequence + offset)
                row.add(point.time.map(DatabaseDateText.string))
                row.add(point.latitude)
                row.add(point.longitude)
                row.add(point.elevation)
                row.add(point.speed)
                row.add(point.course)
                row.add(point.horizontalAccuracy)
                row.add(point.verticalAccuracy)
                row.add(origin.rawValue)
            }
            if wrote { stored += 1 }
        }
        if stored > 0 { try RouteSummaryStore.invalidate(db, userId: userId, workoutId: workoutId) }
        return stored
    }
}
