import Foundation
import GRDB
import Health

extension AppDatabase {
    /// The user's workout with this id, or nil (another user's id reads the same).
    public func workout(id: Int64, userId: Int64) async throws -> HealthWorkoutRecord? {
        try await reader.read { db in
            try HealthWorkoutRecord.owned(by: userId).filter(key: id).fetchFirstReadable(db)
        }
    }

    /// The route of the user's workout, in order; empty when it has none.
    public func routePoints(userId: Int64, workoutId: Int64) async throws -> [WorkoutRoutePointRecord] {
        try await reader.read { db in
            try WorkoutRoutePointRecord.owned(by: userId).filter { $0.workoutId == workoutId }.order(\.sequence).fetchReadable(db)
        }
    }

    /// Every route point the user has, by workout and order.
    public func routePoints(userId: Int64) async throws -> [WorkoutRoutePointRecord] {
        try await reader.read { db in
            try WorkoutRoutePointRecord.owned(by: userId).order { [$0.workoutId, $0.sequence] }.fetchReadable(db)
        }
    }

    /// The user's workouts that have route points, by id: an export reads their routes one workout at a time.
    public func routeWorkoutIds(userId: Int64) async throws -> [Int64] {
        try await reader.read { db in
            try Int64.fetchAll(db, sql: """
                SELECT DISTINCT workoutId FROM healthWorkoutRoutePoint WHERE userId = ? ORDER BY workoutId
                """, arguments: [userId])
        }
    }
}

// MARK: - The import's own thread

extension AppDatabase {
    /// The user's workouts that name a route file, by the file's name (`route_2019-06-11_3.00pm.gpx`).
    public func routeFileWorkoutsBlocking(userId: Int64) throws -> [String: Int64] {
        try reader.read { db in
            var byName: [String: Int64] = [:]
            let rows = try HealthWorkoutRecord.owned(by: userId).filter { $0.routeFiles != "[]" }
                .select([HealthWorkoutRecord.Columns.id, HealthWorkoutRecord.Columns.routeFiles], as: Row.self).fetchAll(db)
            for row in rows {
                let paths = (try? JSONDecoder().decode([String].self, from: Data((row[1] as String).utf8))) ?? []
                for path in paths { byName[String(path.split(separator: "/").last ?? Substring(path))] = row[0] }
            }
            return byName
        }
    }

    /// Appends a batch of a route file's points, numbered from `sequence`; answers how many were new.
    public func appendRoutePointsBlocking(_ points: [RoutePoint], userId: Int64, workoutId: Int64, from sequence: Int, origin: WorkoutRoutePointRecord.Origin) throws -> Int {
        try writer.write { db in
            try WorkoutRouteWriter(db: db, userId: userId).append(points, workoutId: workoutId, from: sequence, origin: origin)
        }
    }

    /// Summarises the workout's route from its stored points and keeps the summary (after a GPX file's last batch).
    public func summarizeRouteBlocking(userId: Int64, workoutId: Int64) throws {
        try writer.write { db in try RouteSummaryStore.refresh(db, userId: userId, workoutId: workoutId) }
    }

    /// Raw items stored once each; answers how many were new.
    public func insertRawItemsBlocking(_ items: [ImportedRawItem], userId: Int64, now: Date) throws -> Int {
        guard !items.isEmpty else { return 0 }
        return try writer.write { db in try Self.insertRawItems(items, userId: userId, now: now, db: db) }
    }
}
