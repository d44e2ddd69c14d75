import GRDB

extension Migrations {
    /// Motivation (issue 12): badge awards, pauses, goals and their history, dismissed suggestions, the reminder log
    /// and each user's reminder settings. Every table carries its owner, so account deletion cascades through it.
    static func motivation(_ db: Database) throws {
        try db.create(table: "badgeAward") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            // A stable id from Motivation's BadgeCatalog.
            t.column("badgeId", .text).notNull()
            // 1 for a one-off badge (so the unique index below admits it once); 1, 2, … for a repeatable one.
            t.column("sequence", .integer).notNull().defaults(to: 1)
            t.column("awardedAt", .datetime).notNull()
            // Set when the celebration has been shown, on the first page view after the award.
            t.column("celebratedAt", .datetime)
        }
        try db.create(index: "badgeAward_byUserBadgeSequence", on: "badgeAward", columns: ["userId", "badgeId", "sequence"], unique: true)

        try db.create(table: "motivationPause") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("firstDay", .text).notNull()
            t.column("lastDay", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }

        try db.create(table: "goal") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("metric", .text).notNull()
            // atLeast, atMost or withinRange (with lower and upper).
            t.column("direction", .text).notNull()
            t.column("target", .double).notNull()
            t.column("lower", .double)
            t.column("upper", .double)
            t.column("startValue", .double).notNull()
            t.column("startDay", .text).notNull()
            t.column("deadline", .text)
            t.column("isActive", .boolean).notNull().defaults(to: true)
            t.column("createdAt", .datetime).notNull()
            t.column("updatedAt", .datetime).notNull()
        }

        try db.create(table: "goalHistory") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.belongsTo("goal", onDelete: .cascade).notNull()
            t.column("day", .text).notNull()
            t.column("event", .text).notNull()
            t.column("value", .double)
            t.column("createdAt", .datetime).notNull()
        }

        try db.create(table: "goalSuggestionDismissal") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("kind", .text).notNull()
            t.column("metric", .text).notNull()
            t.column("day", .text).notNull()
            t.column("createdAt", .datetime).notNull()
        }

        try db.create(table: "reminderLog") { t in
            t.autoIncrementedPrimaryKey("id")
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.column("day", .text).notNull()
            t.column("channel", .text).notNull()
            // user id + day + channel: a restart or a second server inserting the same key fails, so nothing is sent twice.
            t.column("idempotencyKey", .text).notNull().unique()
            t.column("sentAt", .datetime).notNull()
            t.column("status", .text).notNull()
        }

        try db.create(table: "reminderSetting") { t in
            t.belongsTo("user", onDelete: .cascade).notNull()
            t.primaryKey(["userId"])
            t.column("enabled", .boolean).notNull().defaults(to: true)
            // HH:MM, or null for the median of recent entry times.
            t.column("preferredTime", .text)
            t.column("quietStart", .text).notNull().defaults(to: "22:00")
            t.column("quietEnd", .text).notNull().defaults(to: "07:00")
            t.column("webhookURL", .text)
            // The secret part of the private calendar feed's address.
            t.column("calendarToken", .text).unique()
            t.column("updatedAt", .datetime).notNull()
        }
    }
}

extension Migrations {
    /// Inbox messages name what they announce, so a withdrawn badge can take its message back.
    static func inboxSubjects(_ db: Database) throws {
        try db.alter(table: "inboxMessage") { t in
            t.add(column: "subject", .text)
        }
    }
}
