import GRDB

extension Migrations {
    /// Step tasks: a task owns ordered steps. Steps carry the owner too, so every query can filter by it
    /// directly and account deletion cascades through either path.
    static func taskSteps(_ db: Database) throws {
        try db.create(table: "stepTask") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("title", .text).notNull()
            t.column("notes", .text).notNull().defaults(to: "")
            t.column("dueDate", .text)
            // A JSON array of strings; filtered with json_each.
            t.column("tags", .text).notNull().defaults(to: "[]")
            t.column("position", .integer).notNull()
            t.column("isArchived", .boolean).notNull().defaults(to: false)
            t.column("completedAt", .datetime)
            // A health goal this task breaks down, once goals exist (seed 000 R5).
            t.column("goalId", .integer)
            // A client-chosen id that makes a retried create find the task it made.
            t.column("clientId", .text)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }
        try db.create(index: "stepTask_byUserPosition", on: "stepTask", columns: ["userId", "position"])
        try db.execute(sql: "CREATE UNIQUE INDEX stepTask_byClientId ON stepTask(userId, clientId) WHERE clientId IS NOT NULL")

        try db.create(table: "taskStep") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.belongsTo("task", inTable: "stepTask", onDelete: .cascade).notNull()
            t.column("title", .text).notNull()
            t.column("position", .integer).notNull()
            t.column("completedAt", .datetime)
            t.column("clientId", .text)
            t.column("createdAt", .datetime).notNull()
        }
        try db.create(index: "taskStep_byTaskPosition", on: "taskStep", columns: ["taskId", "position"])
        try db.create(index: "taskStep_byUserCompleted", on: "taskStep", columns: ["userId", "completedAt"])
        try db.execute(sql: "CREATE UNIQUE INDEX taskStep_byClientId ON taskStep(userId, clientId) WHERE clientId IS NOT NULL")
    }
}
