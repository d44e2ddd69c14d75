import Foundation
import GRDB
@testable import Storage
import Testing

/// `owned(by:)` is the one owner filter: every table that belongs to users has a record type that conforms, and
/// through it one user never sees, changes or deletes another's rows.
@Suite struct OwnedRecordTests {
    static let ownedTypes: [any UserOwnedRecord.Type] = [
        Session.self, APIToken.self,
        HealthRecord.self, SyncAttemptRecord.self, OutboxMessage.self,
        TaskRow.self, TaskStepRow.self,
        WaitAlert.self, InboxMessage.self,
        ImportJob.self, HealthWorkoutRecord.self, HealthCorrelationRecord.self, HealthRawItemRecord.self, WorkoutRoutePointRecord.self,
        WorkoutSetRecord.self, WorkoutCustomExercise.self, WorkoutExerciseUsage.self, WorkoutDevice.self, WorkoutDeviceToken.self,
        BadgeAwardRow.self, MotivationPauseRow.self, GoalRow.self, GoalHistoryRow.self, GoalSuggestionDismissalRow.self,
        ReminderLogRow.self, ReminderSettingRow.self, ShareLinkRow.self, StepTargetSuggestionRow.self, AnomalyConfirmationRow.self, WeightPlanSettingRow.self,
    ]

    /// Tables with a `userId` but no record type: only SQL reaches them, always with the owner in its WHERE.
    static let ownedTablesWithoutRecord: Set<String> = [
        "syncConfirmation", "workoutDeviceUser", "workoutIdempotencyKey", "workoutPreference", "workoutWeekTotal",
        // Kept by triggers from healthRecord and read only by dailyAggregates, whose SQL filters by owner.
        "healthRecordHourly",
        // Looked up by the Apple account's hashed `sub` only, to find which user it signs in as.
        "workoutAppleAccount",
        // A bulk writer's flag inside its own transaction, removed before it commits: never holds a row otherwise.
        "healthRecordRollupDeferral",
        // Tombstones of deleted sets' idempotency keys, read only by key inside the owner's own set writes.
        "workoutDeletedSetKey",
        // Outbox rows the relay could not read: moved there by SQL and only counted for /metrics. Their samples are
        // the owner's records (exported with them); the rows go with the account.
        "gatewayOutboxQuarantine",
        // Device descriptions of imported samples: added and looked up by the owner's import with the owner in the
        // WHERE, and otherwise read only as a column of the owner's records, by the id their rows hold.
        "healthDevice",
    ]

    @Test func everyTableWithAnOwnerHasAnOwnedRecordType() async throws {
        let database = try AppDatabase.temporary()
        let tablesWithOwner = try await database.reader.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                .filter { try db.columns(in: $0).contains { $0.name == "userId" } }
        }
        let covered = Set(Self.ownedTypes.map { $0.databaseTableName })
        #expect(covered.count == Self.ownedTypes.count, "one type per table")
        #expect(Set(tablesWithOwner) == covered.union(Self.ownedTablesWithoutRecord))
    }

    @Test func aRowOfOneUserIsInvisibleThroughAnotherOwner() async throws {
        let database = try AppDatabase.temporary()
        let alice = try #require(try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: Date())).id)
        let bob = try #require(try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: Date())).id)
        try await database.writer.writeWithoutTransaction { db in
            // One row of alice's per table; parents other than `user` do not matter to the owner filter.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            for type in Self.ownedTypes { try Self.insertRow(db, table: type.databaseTableName, owner: alice) }
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        for type in Self.ownedTypes {
            let table = type.databaseTableName
            let counts = try await database.writer.write { db in
                (alice: try Self.count(type, ownedBy: alice, db), bob: try Self.count(type, ownedBy: bob, db),
                 bobUpdated: try Self.touch(type, ownedBy: bob, db), bobDeleted: try Self.delete(type, ownedBy: bob, db),
                 left: try type.fetchCount(db))
            }
            #expect(counts.alice == 1, "\(table)")
            #expect(counts.bob == 0, "\(table): alice's row seen through owned(by: bob)")
            #expect(counts.bobUpdated == 0, "\(table): alice's row updated through owned(by: bob)")
            #expect(counts.bobDeleted == 0, "\(table): alice's row deleted through owned(by: bob)")
            #expect(counts.left == 1, "\(table)")
        }
    }

    static func count<Record: UserOwnedRecord>(_ type: Record.Type, ownedBy owner: Int64, _ db: Database) throws -> Int {
        // Both spellings: the static request and a request narrowed afterwards.
        let direct = try Record.owned(by: owner).fetchCount(db)
        let narrowed = try Record.all().owned(by: owner).fetchCount(db)
        #expect(direct == narrowed)
        return direct
    }

    static func touch<Record: UserOwnedRecord>(_ type: Record.Type, ownedBy owner: Int64, _ db: Database) throws -> Int {
        try Record.owned(by: owner).updateAll(db, [Record.ownerColumn.set(to: owner)])
    }

    static func delete<Record: UserOwnedRecord>(_ type: Record.Type, ownedBy owner: Int64, _ db: Database) throws -> Int {
        try Record.owned(by: owner).deleteAll(db)
    }

    /// Inserts a row with `owner` in `userId`, filling every other required column from its declared type.
    static func insertRow(_ db: Database, table: String, owner: Int64) throws {
        var names: [String] = []
        var values: [(any DatabaseValueConvertible)?] = []
        let primaryKey = try db.primaryKey(table)
        for column in try db.columns(in: table) {
            if column.name == "userId" {
                names.append(column.name)
                values.append(owner)
                continue
            }
            let isRowID = primaryKey.rowIDColumn == column.name
            guard !isRowID, column.isNotNull || primaryKey.columns.contains(column.name), column.defaultValueSQL == nil else { continue }
            names.append(column.name)
            switch column.type.uppercased() {
            case "INTEGER", "BOOLEAN": values.append(1)
            case "DOUBLE", "REAL", "NUMERIC": values.append(1.5)
            case "DATETIME", "DATE": values.append("2026-01-01 00:00:00.000")
            case "BLOB": values.append(Data([0]))
            default: values.append("\(table)-\(column.name)")
            }
        }
        let columns = names.map { "\"\($0)\"" }.joined(separator: ", ")
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        try db.execute(sql: "INSERT INTO \"\(table)\" (\(columns)) VALUES (\(placeholders))", arguments: StatementArguments(values))
    }
}
