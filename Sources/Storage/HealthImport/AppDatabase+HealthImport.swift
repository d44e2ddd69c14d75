import Foundation
import GRDB
import Health

extension AppDatabase {
    public func insertImportJob(_ job: ImportJob) async throws -> ImportJob {
        try await writer.write { db in
            var job = job
            try job.insert(db)
            return job
        }
    }

    public func updateImportJob(_ job: ImportJob) async throws {
        try await writer.write { db in try job.update(db) }
    }

    /// The job if, and only if, it belongs to `userId`.
    public func importJob(id: Int64, userId: Int64) async throws -> ImportJob? {
        try await reader.read { db in
            try ImportJob.owned(by: userId).filter(key: id).fetchFirstReadable(db)
        }
    }

    /// The user's jobs, newest first.
    public func importJobs(userId: Int64, limit: Int = 20) async throws -> [ImportJob] {
        try await reader.read { db in
            try ImportJob.owned(by: userId).order { [$0.createdAt.desc, $0.id.desc] }.limit(limit).fetchReadable(db)
        }
    }

    /// A page of the user's jobs, newest first.
    public func importJobs(userId: Int64, page: PageRequest) async throws -> Page<ImportJob> {
        try await reader.read { db in
            let rows = try ImportJob.owned(by: userId)
                .newestFirst(by: ImportJob.Columns.createdAt, id: ImportJob.Columns.id, page: page)
                .fetchReadable(db)
            return try Page(rows: rows, limit: page.limit) { PageCursor(date: $0.createdAt, id: try $0.savedId) }
        }
    }

    /// An unfinished or failed job reading the same file (same fingerprint) that committed part of it:
    /// running it again continues where it stopped.
    public func resumableImportJob(userId: Int64, fingerprint: String) async throws -> ImportJob? {
        try await reader.read { db in
            try ImportJob
                .owned(by: userId)
                .filter { $0.fingerprint == fingerprint }
                .filter { [ImportJob.State.running.rawValue, ImportJob.State.failed.rawValue, ImportJob.State.queued.rawValue].contains($0.state) }
                .order(\.id.desc)
                .fetchFirstReadable(db)
        }
    }

    /// Jobs left queued or running by a server that stopped, for resuming at start-up.
    public func unfinishedImportJobs() async throws -> [ImportJob] {
        try await reader.read { db in
            try ImportJob.filter { [ImportJob.State.running.rawValue, ImportJob.State.queued.rawValue].contains($0.state) }.fetchReadable(db)
        }
    }

    /// Paths of uploaded files some job still needs, across all users (the server's housekeeping): kept by
    /// their owner, or waiting for an import that has not finished.
    public func importUploadsInUse() async throws -> Set<String> {
        try await reader.read { db in
            let unfinished = [ImportJob.State.queued.rawValue, ImportJob.State.running.rawValue]
            return Set(try String.fetchAll(
                db, ImportJob.select(\.storedPath).filter { $0.storedPath != nil && ($0.keepFile || unfinished.contains($0.state)) }
            ))
        }
    }

    public func workouts(userId: Int64) async throws -> [HealthWorkoutRecord] {
        try await reader.read { db in
            try HealthWorkoutRecord.owned(by: userId).order { [$0.startAt, $0.id] }.fetchReadable(db)
        }
    }

    /// The user's correlations, oldest first, each with the ids of its member records.
    public func correlations(userId: Int64) async throws -> [(correlation: HealthCorrelationRecord, recordIds: [Int64])] {
        try await reader.read { db in
            try Self.withMemberIds(try HealthCorrelationRecord.owned(by: userId).order { [$0.startAt, $0.id] }.fetchReadable(db), userId: userId, db)
        }
    }

    /// `limit` of the user's correlations oldest first (by start, then id) after `cursor` (the last of the page
    /// before), each with the ids of its member records: an export reads them a page at a time.
    public func correlationsOldestFirst(
        userId: Int64, after cursor: PageCursor?, limit: Int
    ) async throws -> [(correlation: HealthCorrelationRecord, recordIds: [Int64])] {
        try await reader.read { db in
            let page = try HealthCorrelationRecord.owned(by: userId)
                .oldestFirst(by: HealthCorrelationRecord.Columns.startAt, id: HealthCorrelationRecord.Columns.id, after: cursor, limit: limit)
                .fetchReadable(db)
            return try Self.withMemberIds(page, userId: userId, db)
        }
    }

    private static func withMemberIds(
        _ correlations: [HealthCorrelationRecord], userId: Int64, _ db: Database
    ) throws -> [(correlation: HealthCorrelationRecord, recordIds: [Int64])] {
        let members = try db.cachedStatement(sql: "SELECT id FROM healthRecord WHERE userId = ? AND naturalKey = ?")
        return try correlations.map { correlation in
            (correlation, try correlation.memberSlots.compactMap { try Int64.fetchOne(members, arguments: [userId, $0]) })
        }
    }

    /// The user's raw items in the order they were stored.
    public func rawItems(userId: Int64) async throws -> [HealthRawItemRecord] {
        try await reader.read { db in
            try HealthRawItemRecord.owned(by: userId).order(\.id).fetchReadable(db)
        }
    }

    /// `limit` of the user's raw items in the order they were stored, after the one with id `afterId`.
    public func rawItems(userId: Int64, afterId: Int64?, limit: Int) async throws -> [HealthRawItemRecord] {
        try await reader.read { db in
            var request = HealthRawItemRecord.owned(by: userId)
            if let afterId { request = request.filter { $0.id > afterId } }
            return try request.order(\.id).limit(limit).fetchReadable(db)
        }
    }

    /// A page of the user's workouts, newest first.
    public func workouts(userId: Int64, page: PageRequest) async throws -> Page<HealthWorkoutRecord> {
        try await reader.read { db in
            let rows = try HealthWorkoutRecord.owned(by: userId)
                .newestFirst(by: HealthWorkoutRecord.Columns.startAt, id: HealthWorkoutRecord.Columns.id, page: page)
                .fetchReadable(db)
            return try Page(rows: rows, limit: page.limit) { PageCursor(date: $0.startAt, id: try $0.savedId) }
        }
    }

    /// The user's workouts that started in `[from, to)`, oldest first.
    public func workouts(userId: Int64, from: Date, to: Date) async throws -> [HealthWorkoutRecord] {
        try await reader.read { db in
            try HealthWorkoutRecord
                .owned(by: userId)
                .filter { $0.startAt >= from && $0.startAt < to }
                .order { [$0.startAt, $0.id] }
                .fetchReadable(db)
        }
    }

    /// Rows per table for one user, for summaries and tests.
    public func importedRowCounts(userId: Int64) async throws -> [String: Int] {
        try await reader.read { db in
            [
                HealthRecord.databaseTableName: try HealthRecord.owned(by: userId).fetchCount(db),
                HealthWorkoutRecord.databaseTableName: try HealthWorkoutRecord.owned(by: userId).fetchCount(db),
                HealthCorrelationRecord.databaseTableName: try HealthCorrelationRecord.owned(by: userId).fetchCount(db),
                HealthRawItemRecord.databaseTableName: try HealthRawItemRecord.owned(by: userId).fetchCount(db),
                WorkoutRoutePointRecord.databaseTableName: try WorkoutRoutePointRecord.owned(by: userId).fetchCount(db),
            ]
        }
    }
}

// MARK: - The import's own thread

/// These run on the importer's dedicated thread, never on the concurrency pool: an import of a large
/// export is minutes of blocking I/O and would otherwise starve the server's few cooperative threads.
extension AppDatabase {
    /// Statement journals in memory (`temp_store = MEMORY`): an import writes 128 samples per statement
    /// (`ImportedSampleRun`), and SQLite keeps the pages such a statement changes in a journal of its own, which past
    /// 64 KiB went to a temporary file: in C on this schema, 1.1–1.3 s of system time per 557,037 rows in files against
    /// 0.6 s in memory. The journal lasts one statement.
    ///
    /// An 8 MiB page cache on the writing connection (SQLite's default is 2 MiB): enough for the pages a batch
    /// touches now that record keys are time-ordered (16 MiB while they were random cost a peak RSS over 100 MiB
    /// and no longer saves time). The WAL is checkpointed every 32 MiB in the background and past
    /// 256 MiB by the writer (`WALCheckpointer.Thresholds.bulkImport`): a checkpoint in the writer's turn waits for the
    /// disk (fsync), on a busy disk those waits were most of an import's time. The WAL file is cut back to 64 MiB
    /// after a checkpoint. Imports running at the same time share these settings: the first sets them, the last puts
    /// back what was there before (`BulkImportSessions`).
    ///
    /// The log's size limit is not kept after the import: kept everyday, it raised the gateway's p99 at 4 clients
    /// (SQLite only, alternating builds, measured before durable commits really synced) from 20.9–23.8 ms to
    /// 27.5–34.6 ms. A log cut back after each rewind has to grow again, and growing a file costs more than writing over
    /// it (the likely cause; not profiled). Instead the log file is emptied once, when the last import has finished and
    /// nothing uses the log (`WALCheckpointer.truncateLogWhenQuiet`); before that it kept its size (up to 256 MiB)
    /// until the server stopped.
    public func prepareForImportBlocking() throws {
        try importSessions.begin {
            try writer.writeWithoutTransaction { db in
                let everyday = BulkImportSessions.Everyday(
                    cacheSize: try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000,
                    journalSizeLimit: try Int.fetchOne(db, sql: "PRAGMA journal_size_limit") ?? -1,
                    tempStore: try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
                )
                try db.execute(sql: "PRAGMA cache_size = -8192")
                try db.execute(sql: "PRAGMA temp_store = MEMORY")
                try db.execute(sql: "PRAGMA journal_size_limit = 67108864")
                if checkpointer == nil { try db.execute(sql: "PRAGMA wal_autocheckpoint = 65536") }
                checkpointer?.thresholds = .bulkImport
                return everyday
            }
        }
    }

    /// Once the last running import is over: everyday checkpointing and the writer's own settings again, the log
    /// moved into the database, and the log file emptied as soon as nothing uses it (`truncateLogWhenQuiet`).
    public func finishImportBlocking() throws {
        try importSessions.end { everyday in
            checkpointer?.thresholds = .everyday
            try writer.writeWithoutTransaction { db in
                if checkpointer == nil { try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000") }
                try db.execute(sql: "PRAGMA cache_size = \(everyday.cacheSize)")
                try db.execute(sql: "PRAGMA journal_size_limit = \(everyday.journalSizeLimit)")
                try db.execute(sql: "PRAGMA temp_store = \(everyday.tempStore)")
                // Busy when another checkpoint (the background one, most often) is copying the log right now: it does
                // this one's work, and the truncation below follows either way. Thrown, it left the log at up to
                // 256 MiB until the server stopped and failed `KirokuBenchmarks import-floors` on the 220 MB export.
                do {
                    try db.checkpoint(.passive)
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {}
            }
            checkpointer?.truncateLogWhenQuiet()
        }
    }

    public func saveImportJobBlocking(_ job: ImportJob) throws {
        try writer.write { db in try job.update(db) }
    }

    /// Gives every key-less record of the user (gateway, manual entry, API) its natural key, so that the
    /// same sample arriving in an export is recognised as already present. A record alike in every part of its key to
    /// one that has the key (a reading typed in twice) takes the next numbered copy's key, as the import of Kiroku's
    /// own export numbers them, so that importing an account's export into it adds nothing.
    public func assignNaturalKeysBlocking(userId: Int64) throws {
        try writer.write { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, metric, sourceName, startAt, endAt, value FROM healthRecord
                WHERE userId = ? AND naturalKey IS NULL
                """, arguments: [userId])
            var records: [KeylessRecord] = []
            while let row = try rows.next() {
                // A record whose times cannot be read gets no key (it is left out of reads too).
                guard let start = try? row.decode(Date.self, forColumn: "startAt"), let end = try? row.decode(Date.self, forColumn: "endAt") else { continue }
                records.append(KeylessRecord(id: row["id"], metric: row["metric"], sourceName: row["sourceName"], start: start, end: end, value: row["value"]))
            }
            let update = try db.cachedStatement(sql: "UPDATE OR IGNORE healthRecord SET naturalKey = ?, naturalKeyCheck = ? WHERE id = ?")
            let slots = try NaturalKeySlots(db: db, table: "healthRecord", userId: userId)
            for record in records {
                var copy: Int?
                while true {
                    let key = record.key(copy: copy)
                    let stored = try slots.store(key) { slot in
                        try update.execute(arguments: [slot, key.check, record.id])
                        return db.changesCount > 0
                    }
                    let next = (copy ?? 1) + 1
                    // Beyond that many copies of one reading the record stays without a key, as every twin did before.
                    if stored.inserted || next > KeylessRecord.copiesKeyed { break }
                    copy = next
                }
            }
        }
    }

    /// A record that has no natural key yet, with what its key is made of.
    private struct KeylessRecord {
        static let copiesKeyed = 1_000

        let id: Int64
        let metric: String
        let sourceName: String?
        let start: Date
        let end: Date
        let value: Double

        /// The plain key (`copy` nil), or the numbered one of a later copy.
        func key(copy: Int?) -> NaturalKey {
            guard let copy else { return NaturalKey.sample(metric: metric, sourceName: sourceName, start: start, end: end, value: value) }
            return NaturalKey.sample(metric: metric, sourceName: sourceName, start: start, end: end, value: value, copy: copy)
        }
    }

    /// Writes one batch of mapped items and the job's new progress in one transaction: after a crash the
    /// database holds whole batches and a job that says exactly how many items they cover.
    ///
    /// `beforeCommit` runs inside the transaction after the rows are written; throwing from it rolls the
    /// batch back (tests use it to interrupt an import).
    public func commitImportBatchBlocking(
        _ items: [MappedItem], job: ImportJob, tracker: ImportTracker, now: Date,
        beforeCommit: (() throws -> Void)? = nil
    ) throws -> (ImportJob, ImportTracker) {
        try commitImportBatchBlocking(PreparedImportBatch(items), job: job, tracker: tracker, now: now, beforeCommit: beforeCommit)
    }

    /// The same, for a batch prepared beforehand (on the thread that reads the file, so the writer only writes).
    public func commitImportBatchBlocking(
        _ batch: PreparedImportBatch, job: ImportJob, tracker: ImportTracker, now: Date,
        beforeCommit: (() throws -> Void)? = nil
    ) throws -> (ImportJob, ImportTracker) {
        try writer.write { db in
            var job = job
            var tracker = tracker
            // A full batch inserts thousands of records and nothing else into healthRecord: the trigger goes for its
            // transaction (a fifth of the writing thread's time went to starting it once per record).
            let suspension = HourlyRollupDeferral.suspension(forRecords: batch.count)
            try HourlyRollupDeferral.around(db, userId: job.userId, suspending: suspension, records: batch.count) { rollups in
                // Read through buffers: a loop over an array, or reading it by index, would copy each item on the way.
                try batch.items.withUnsafeBufferPointer { items in
                    try batch.samples.withUnsafeBufferPointer { samples in
                        try batch.sampleTexts.withUnsafeBufferPointer { texts in
                            let writer = try ImportRowWriter(
                                db: db, userId: job.userId, jobId: try job.savedId, now: now, rollups: rollups, samples: samples, texts: texts
                            )
                            try writer.write(items, job: &job, tracker: &tracker)
                        }
                    }
                }
            }
            job.itemsCommitted += batch.count
            try job.update(db)
            try beforeCommit?()
            return (job, tracker)
        }
    }
}
