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
        _ records: [PreparedHealthRecord], db: Database,
        each: (_ prepared: PreparedHealthRecord, _ outcome: (record: HealthRecord, inserted: Bool)) throws -> Void = { _, _ in }
    ) throws -> [(record: HealthRecord, inserted: Bool)] {
        func insertEach(rollups: HourlyRollupDeferral?) throws -> [(record: HealthRecord, inserted: Bool)] {
            let insert = try HealthRecordBatchInsert(db, rollups: rollups)
            return try records.map { prepared in
                let outcome = try insert.insert(prepared, db: db)
                try each(prepared, outcome)
                return outcome
            }
        }
        guard records.count > 1, let owner = records.first?.record.userId, records.allSatisfy({ $0.record.userId == owner }) else {
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
    func insert(_ prepared: PreparedHealthRecord, db: Database) throws -> (record: HealthRecord, inserted: Bool) {
        let record = prepared.record
        let inserted = try statement.execute(db) { row in
            row.add(record.userId)
            row.add(record.metric)
            row.add(record.value)
            row.add(record.originalValue)
            row.add(record.originalUnit)
            row.add(prepared.startText)
            row.add(prepared.endText)
            row.add(record.utcOffsetSeconds)
            row.add(record.source)
            row.add(record.sourceName)
            row.add(record.device)
            row.add(prepared.metadataText)
            row.add(record.externalId)
            row.add(prepared.createdText)
            row.add(prepared.updatedText)
        }
        if inserted {
            var stored = record
            stored.id = db.lastInsertedRowID
            if let rollups, rollups.owner == record.userId {
                rollups.add(metric: record.metric, startText: prepared.startText, id: db.lastInsertedRowID, value: record.value)
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
