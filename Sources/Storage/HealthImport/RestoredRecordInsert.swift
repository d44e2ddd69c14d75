import Foundation
import GRDB
import Health

/// `INSERT OR IGNORE` of one record read back from Kiroku's records export into healthRecord at a natural-key slot.
/// The row is an imported sample's (`ImportedSampleInsert.columns`), except that its source, client id and the times
/// it was written are the record's own, not the import's: a restored manual entry stays a manual entry.
///
/// A row is ignored when its slot is taken or when the owner has the client id under that source already (the
/// client-id indexes): either way the record is there. Made inside the transaction it writes in.
struct RestoredRecordInsert {
    private let statement: ImportStatement
    private let userId: Int64
    private let importJobId: Int64
    private let rollups: HourlyRollupDeferral
    private let devices: HealthDeviceIds

    init(_ db: Database, userId: Int64, importJobId: Int64, rollups: HourlyRollupDeferral) throws {
        statement = try ImportStatement(db, sql: ImportedSampleInsert.sql())
        devices = try HealthDeviceIds(db, userId: userId)
        self.userId = userId
        self.importJobId = importJobId
        self.rollups = rollups
    }

    /// Answers whether a row was written.
    func insert(_ record: RestoredRecord, slot: Int64, db: Database) throws -> Bool {
        let startMilliseconds = DatabaseDateText.milliseconds(record.startAt)
        let startText = DatabaseDateText.string(milliseconds: startMilliseconds)
        let deviceId = try devices.id(for: record.device)
        // In the order of `ImportedSampleInsert.columns`.
        let inserted = try statement.execute(db) { row in
            row.add(userId)
            row.add(record.source.rawValue)
            row.add(DatabaseDateText.string(record.createdAt))
            row.add(DatabaseDateText.string(record.updatedAt))
            row.add(importJobId)
            row.add(record.clientId)
            row.add(record.metric)
            row.add(record.value)
            row.add(record.originalValue)
            row.add(record.originalUnit)
            row.add(startText)
            row.add(DatabaseDateText.string(record.endAt))
            row.add(record.utcOffsetSeconds)
            row.add(record.sourceName)
            row.add(deviceId)
            row.add(record.metadata.map(ImportJSON.object))
            row.add(slot)
            row.add(record.naturalKey.check)
            row.add(record.sourceVersion)
            row.add(record.sourceCreatedAt.map(DatabaseDateText.string))
        }
        if inserted {
            rollups.add(metric: record.metric, startText: startText, startMilliseconds: startMilliseconds, id: db.lastInsertedRowID, value: record.value)
        }
        return inserted
    }
}
