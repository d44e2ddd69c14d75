import Foundation
import GRDB
import Health

/// The insert behind every batch of records (the records API, the gateway, the Kafka consumer): one prepared
/// statement for the whole transaction, bound with SQLite's C calls, dates and metadata written as text without
/// Foundation's formatters or encoders. The unique (userId, source, externalId) index answers "already stored?"
/// in the same step as the insert, so only a retry costs a second look.
///
/// Given a rollup deferral, each row of the deferral's owner is added to it for the hourly rollups, one upsert per
/// hour at the end instead of the insert trigger's one per row; rows of anyone else are left to the trigger.
struct HealthRecordBatchInsert {
    private let statement: ImportStatement
    private let rollups: HourlyRollupDeferral?

    /// Stores a batch, its owner's hourly rollups merged once per hour (see `HourlyRollupDeferral`) when every record
    /// has the same owner and there is more than one; `each` sees every outcome inside the transaction, in order.
    static func insertAll(
        _ records: [HealthRecord], db: Database,
        each: (_ outcome: (record: HealthRecord, inserted: Bool)) throws -> Void = { _ in }
    ) throws -> [(record: HealthRecord, inserted: Bool)] {
        func insertEach(rollups: HourlyRollupDeferral?) throws -> [(record: HealthRecord, inserted: Bool)] {
            let insert = try HealthRecordBatchInsert(db, rollups: rollups)
            return try records.map { record in
                let outcome = try insert.insert(record, db: db)
                try each(outcome)
                return outcome
            }
        }
        guard records.count > 1, let owner = records.first?.userId, records.allSatisfy({ $0.userId == owner }) else {
            return try insertEach(rollups: nil)
        }
        return try HourlyRollupDeferral.around(db, userId: owner) { try insertEach(rollups: $0) }
    }

    init(_ db: Database, rollups: HourlyRollupDeferral? = nil) throws {
        self.rollups = rollups
        // DO NOTHING rather than OR IGNORE: only a uniqueness conflict is a retry; a NOT NULL failure stays an error.
        statement = try ImportStatement(db, sql: """
            INSERT INTO healthRecord
            (userId, metric, value, originalValue, originalUnit, startAt, endAt, utcOffsetSeconds, source, sourceName,
             device, metadata, externalId, createdAt, updatedAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """)
    }

    /// Stores the record, or answers the one the owner already has under the same source and external id.
    func insert(_ record: HealthRecord, db: Database) throws -> (record: HealthRecord, inserted: Bool) {
        let startText = DatabaseDateText.string(record.startAt)
        let inserted = try statement.execute(db) { row in
            row.add(record.userId)
            row.add(record.metric)
            row.add(record.value)
            row.add(record.originalValue)
            row.add(record.originalUnit)
            row.add(startText)
            row.add(DatabaseDateText.string(record.endAt))
            row.add(record.utcOffsetSeconds)
            row.add(record.source)
            row.add(record.sourceName)
            row.add(record.device)
            row.add(record.metadata.map(ImportJSON.object))
            row.add(record.externalId)
            row.add(DatabaseDateText.string(record.createdAt))
            row.add(DatabaseDateText.string(record.updatedAt))
        }
        if inserted {
            var stored = record
            stored.id = db.lastInsertedRowID
            if let rollups, rollups.owner == record.userId {
                rollups.add(metric: record.metric, startText: startText, id: db.lastInsertedRowID, value: record.value)
            }
            return (stored, true)
        }
        let existing = try HealthRecord
            .owned(by: record.userId)
            .filter { $0.source == record.source && $0.externalId == record.externalId }
            .fetchFirstReadable(db)
        guard let existing else { throw DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "record ignored without a stored twin") }
        return (existing, false)
    }
}
