import Foundation
import GRDB
import Health

extension AppDatabase {
    /// Writes a batch of records read back from Kiroku's records export, and the job's progress, in one transaction
    /// (on the importer's thread, like `commitImportBatchBlocking`). A record the owner has already — same natural key,
    /// or same source and client id — is counted as present and left as it is, so importing an export twice, or into
    /// the account it came from, adds nothing.
    public func commitRestoredRecordsBlocking(_ records: [RestoredRecord], job: ImportJob) throws -> ImportJob {
        try writer.write { db in
            var job = job
            let suspension = HourlyRollupDeferral.suspension(forRecords: records.count)
            try HourlyRollupDeferral.around(db, userId: job.userId, suspending: suspension, records: records.count) { rollups in
                let insert = try RestoredRecordInsert(db, userId: job.userId, importJobId: try job.savedId, rollups: rollups)
                let slots = try NaturalKeySlots(db: db, table: "healthRecord", userId: job.userId)
                var tallies = ImportTallyRun()
                for record in records {
                    let stored = try slots.store(record.naturalKey) { slot in try insert.insert(record, slot: slot, db: db) }
                    tallies.count(stored.inserted, type: record.metric, in: &job)
                }
                tallies.flush(into: &job)
            }
            job.itemsCommitted += records.count
            try job.update(db)
            return job
        }
    }
}
