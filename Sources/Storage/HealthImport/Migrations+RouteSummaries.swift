import GRDB

extension Migrations {
    /// Each workout keeps its route's summary, so reading a route's overview no longer reads every point. Routes
    /// stored before are summarised here, by the same code that summarises a route when it is written: the kept
    /// figures must be the ones a new import would keep. (A later change to what a summary holds brings its own
    /// migration that summarises every route again.)
    static func workoutRouteSummaries(_ db: Database) throws {
        try db.alter(table: "healthWorkout") { t in
            // JSON of RouteSummary; NULL when the workout has no route or its route is still arriving.
            t.add(column: "routeSummary", .text)
        }
        let routes = try Row.fetchAll(db, sql: "SELECT DISTINCT userId, workoutId FROM healthWorkoutRoutePoint")
        for route in routes {
            try RouteSummaryStore.refresh(db, userId: route[0], workoutId: route[1])
        }
    }
}
