import Foundation
import GRDB
import Health

/// The insert behind every batch of records (the records API, the gateway, the Kafka consumer): one prepared
/// statement for the whole transaction, bound with SQLite's C calls, dates and metadata written as text without
/// Foundation's formatters or encoders. The unique (userId, source, externalId) index answers "already stored?"
/// in the same step as the insert, so only a retry costs a second look.
struct HealthRecordBatchInsert {
    private let statement: ImportStatement

    init(_ db: Database) throws {
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
        let inserted = try statement.execute(db) { row in
            row.add(record.userId)
            row.add(record.metric)
            row.add(record.value)
            row.add(record.originalValue)
            row.add(record.originalUnit)
            row.add(DatabaseDateText.string(record.startAt))
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
