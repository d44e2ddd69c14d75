import Foundation
import GRDB
import Health

/// The insert behind every batch of records (the records API, the gateway, the Kafka consumer): one prepared
/// statement for the whole transaction, bound with SQLite's C calls, dates and metadata written as text without
/// Foundation's formatters or encoders. The unique index on the client's id (a gateway sample's within its start
/// hour, see `Migrations.gatewaySampleHours`) answers "already stored?" in the same step as the insert, so only a
/// retry costs a second look.
///
/// Given a rollup deferral, each row of the deferral's owner is added to it for the hourly rollups, one upsert per
/// hour at the end instead of the insert trigger's one per row; rows of anyone else are left to the trigger.
struct HealthRecordBatchInsert {
    private let statement: ImportStatement
    private let rollups: HourlyRollupDeferral?

    /// Stores a batch. Each owner's records are written together under a rollup deferral (see
    /// `HourlyRollupDeferral`), so their hours are merged once per hour and transaction; a lone record is left to the
    /// insert trigger. `each` sees every outcome inside the transaction, owner by owner (owners in the order they first
    /// appear, each owner's records in the batch's order); the answer is in the batch's order.
    static func insertAll(
        _ records: [PreparedHealthRecord], db: Database,
        each: (_ prepared: PreparedHealthRecord, _ outcome: (record: HealthRecord, inserted: Bool)) throws -> Void = { _, _ in }
    ) throws -> [(record: HealthRecord, inserted: Bool)] {
        var owners: [Int64] = []
        var positions: [Int64: [Int]] = [:]
        for (position, prepared) in records.enumerated() {
            let owner = prepared.record.userId
            if positions[owner] == nil { owners.append(owner) }
            positions[owner, default: []].append(position)
        }
        var outcomes = [(record: HealthRecord, inserted: Bool)?](repeating: nil, count: records.count)
        func insertOwned(_ owned: [Int], rollups: HourlyRollupDeferral?) throws {
            let batch = try HealthRecordBatchInsert(db, rollups: rollups)
            for position in owned {
                let outcome = try batch.insert(records[position], db: db)
                try each(records[position], outcome)
                outcomes[position] = outcome
            }
        }
        for owner in owners {
            let owned = positions[owner] ?? []
            if records.count == 1 {
                try insertOwned(owned, rollups: nil)
            } else {
                let suspension = HourlyRollupDeferral.suspension(forRecords: owned.count)
                try HourlyRollupDeferral.around(db, userId: owner, suspending: suspension, records: owned.count) { try insertOwned(owned, rollups: $0) }
            }
        }
        return outcomes.compactMap { $0 }
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

    /// Stores the record, or answers the one the owner already has under the same source and external id (for a
    /// gateway sample, in the same start hour).
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
                rollups.add(
                    metric: record.metric, startText: prepared.startText, startMilliseconds: prepared.startMilliseconds,
                    id: db.lastInsertedRowID, value: record.value
                )
            }
            return (stored, true)
        }
        let existing = try HealthRecord
            .owned(by: record.userId)
            .filter(StoredExternalId.filter(source: record.source, externalId: record.externalId, startText: prepared.startText))
            .fetchFirstReadable(db)
        guard let existing else { throw DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "record ignored without a stored twin") }
        return (existing, false)
    }
}
