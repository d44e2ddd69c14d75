import Foundation
import GRDB
import Services
import Storage
import Testing

/// Migration `v16-calendar-token-hashes`: feed tokens kept in plain text before it are replaced by their hash, and
/// the addresses people already subscribed to keep working.
@Suite struct CalendarTokenHashesMigrationTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func aPlainFeedTokenBecomesItsHashAndTheSubscribedAddressStillWorks() async throws {
        let old = try AppDatabase.temporary()
        let hanako = try await old.createUser(User(username: "hanako", passwordHash: "x", createdAt: now))
        let taro = try await old.createUser(User(username: "taro", passwordHash: "x", createdAt: now))
        let token = SecretToken.generate()
        // What the old code left: the token itself in `calendarToken`, no hash column; a user without a feed beside.
        try await old.writer.write { db in
            try db.execute(sql: "DROP INDEX reminderSetting_on_calendarTokenHash")
            try db.execute(sql: "ALTER TABLE reminderSetting DROP COLUMN calendarTokenHash")
            try db.execute(
                sql: "INSERT INTO reminderSetting (userId, calendarToken, updatedAt) VALUES (?, ?, ?), (?, NULL, ?)",
                arguments: [hanako.id!, token, now, taro.id!, now]
            )
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v16-calendar-token-hashes'")
        }
        let migrated = try AppDatabase.open(path: old.writer.path)
        let stored = try migrated.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT userId, calendarToken, calendarTokenHash FROM reminderSetting ORDER BY userId")
        }
        #expect(stored.count == 2)
        #expect(stored.allSatisfy { ($0["calendarToken"] as String?) == nil }, "no token is kept in plain text")
        #expect(stored.first?["calendarTokenHash"] as String? == SecretToken.hash(token))
        #expect(stored.last?["calendarTokenHash"] as String? == nil, "a user without a feed gets none")

        let reminders = ReminderService(database: migrated, allowPrivateWebhooks: false)
        let feed = try #require(try await reminders.calendar(token: token, now: now), "the address subscribed to before still answers")
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(try await reminders.calendar(token: SecretToken.hash(token), now: now) == nil, "the stored hash is not itself an address")
        #expect(try await reminders.settings(userId: hanako.id!, now: now).calendarTokenHash != nil)

        // The hash column is unique, as the token column was.
        await #expect(throws: DatabaseError.self) {
            try await migrated.writer.write { db in
                try db.execute(sql: "UPDATE reminderSetting SET calendarTokenHash = ? WHERE userId = ?", arguments: [SecretToken.hash(token), taro.id!])
            }
        }
    }
}
