import GRDB

extension Migrations {
    /// Workouts keep their GPS route (inline `<Location>`s, the export's GPX files, Health Auto Export's `route`)
    /// and their heart-rate series.
    static func workoutRoutes(_ db: Database) throws {
        try db.create(table: "healthWorkoutRoutePoint") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("workoutId", .integer).notNull().references("healthWorkout", onDelete: .cascade)
            // Position along the route: points are stored once per workout, in the order the source wrote them.
            t.column("sequence", .integer).notNull()
            t.column("time", .datetime)
            t.column("latitude", .double).notNull()
            t.column("longitude", .double).notNull()
            t.column("elevation", .double)
            t.column("speed", .double)
            t.column("course", .double)
            t.column("horizontalAccuracy", .double)
            t.column("verticalAccuracy", .double)
            // "export-inline", "export-gpx" or "health-auto-export".
            t.column("origin", .text).notNull()
            t.uniqueKey(["workoutId", "sequence"])
        }
        try db.alter(table: "healthWorkout") { t in
            // JSON array of WorkoutHeartRate (time, average, minimum, maximum).
            t.add(column: "heartRates", .text).notNull().defaults(to: "[]")
        }
    }
}
