import Foundation
import Health
import HealthImport
import Storage

/// Runs one Apple Health import job: reads the export, maps it, and commits it in batches.
///
/// The work happens on a thread of its own (reading and SQLite writes block for minutes on a large
/// export). A job that committed part of a file and stopped — a crash, a kill, a failed batch — resumes
/// when run again on the same file: the committed items are skipped, the rest imported.
public struct AppleHealthImporter: Sendable {
    public let database: AppDatabase
    /// Items per transaction: large enough that commits cost little, small enough that progress moves.
    public var batchSize = Self.defaultBatchSize
    public static let defaultBatchSize = 10_000

    /// The application's clock: job timestamps, durations and the date window of the samples.
    public let clock: @Sendable () -> Date

    public init(database: AppDatabase, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.clock = clock
    }

    /// Called with the job after every committed batch, on the importer's thread.
    public typealias Observer = @Sendable (ImportJob) -> Void

    /// Runs `job` (created by the caller) to the end. A read error (truncated or malformed file) commits the
    /// items before it, marks the job failed and is rethrown.
    public func run(
        _ job: ImportJob, file: URL, observer: Observer? = nil,
        beforeCommit: (@Sendable (_ batchNumber: Int) throws -> Void)? = nil
    ) async throws -> ImportJob {
        // Badges are recomputed once the import ends, whichever way: what it committed counts.
        do {
            let finished = try await runOnThread(job, file: file, observer: observer, beforeCommit: beforeCommit)
            await MotivationService(database: database).refreshBadgesAfterWrite(userId: job.userId, now: clock())
            return finished
        } catch {
            await MotivationService(database: database).refreshBadgesAfterWrite(userId: job.userId, now: clock())
            throw error
        }
    }

    /// The user's job as it stands now: after a failed run, with what it committed and why it stopped. Nil when the
    /// job is another user's or gone.
    public func job(id: Int64, userId: Int64) async throws -> ImportJob? {
        try await database.importJob(id: id, userId: userId)
    }

    private func runOnThread(
        _ job: ImportJob, file: URL, observer: Observer?, beforeCommit: (@Sendable (_ batchNumber: Int) throws -> Void)?
    ) async throws -> ImportJob {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: try runBlocking(job, file: file, observer: observer, beforeCommit: beforeCommit))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "kiroku-import"
            thread.start()
        }
    }

    /// A new job for `file`, or the unfinished one that was reading the same file.
    public func prepareJob(userId: Int64, file: URL, displayName: String? = nil, storedPath: String? = nil, keepFile: Bool = false, now: Date) async throws -> ImportJob {
        let fingerprint = try FileFingerprint.of(file)
        if let resumable = try await database.resumableImportJob(userId: userId, fingerprint: fingerprint) {
            return resumable
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.intValue ?? 0
        return try await database.insertImportJob(ImportJob(
            userId: userId, kind: try Self.isCSV(file) ? .csv : .appleHealth, fileName: displayName ?? file.lastPathComponent, fileSize: size,
            fingerprint: fingerprint, storedPath: storedPath, keepFile: keepFile, createdAt: now
        ))
    }

    private func runBlocking(
        _ job: ImportJob, file: URL, observer: Observer?, beforeCommit: (@Sendable (Int) throws -> Void)?
    ) throws -> ImportJob {
        var job = job
        let started = clock()
        let resumeAfter = job.itemsCommitted
        job.state = .running
        job.startedAt = job.startedAt ?? started
        job.errorCode = nil
        job.errorMessageJa = nil
        job.errorMessageEn = nil
        try database.saveImportJobBlocking(job)
        try database.assignNaturalKeysBlocking(userId: job.userId)
        if job.kind == .csv { return try runCSV(job, file: file, started: started, observer: observer) }
        try database.prepareForImportBlocking()

        // Reading and mapping (this thread) overlaps writing (a second thread), one batch in flight.
        let handoff = BatchHandoff<PendingBatch>()
        let writer = BatchWriter(database: database, job: job, clock: clock, observer: observer, beforeCommit: beforeCommit)
        let writerDone = DispatchSemaphore(value: 0)
        let writerThread = Thread {
            writer.drain(handoff)
            writerDone.signal()
        }
        writerThread.name = "kiroku-import-writer"
        writerThread.start()

        var mapper = HealthKitMapper(now: started)
        var batch: [MappedItem] = []
        batch.reserveCapacity(batchSize)
        var seen = 0
        var bytesRead = 0
        var bytesTotal = job.bytesTotal
        var readError: (any Error)?
        func handOver() throws {
            guard !batch.isEmpty else { return }
            // Prepared here: the writer is the slower thread.
            try handoff.put(PendingBatch(prepared: PreparedImportBatch(batch), bytesRead: bytesRead, bytesTotal: bytesTotal))
            batch = []
            batch.reserveCapacity(batchSize)
        }
        do {
            try HealthExportReader(url: file).read(progress: { read, total in
                bytesRead = read
                bytesTotal = total
            }) { item in
                seen += 1
                guard seen > resumeAfter else { return }
                batch.append(mapper.map(item))
                if batch.count >= batchSize { try handOver() }
            }
            try handOver()
        } catch {
            readError = error
            // A broken file: everything read before the error is committed too.
            if error is ImportError { try? handOver() }
        }
        handoff.close()
        writerDone.wait()
        job = writer.job
        try? database.finishImportBlocking()

        if let failure = handoff.error ?? (readError is ImportError ? nil : readError) {
            // Stopped for shutdown: the job stays running, with every batch before this one committed, and resumes.
            if failure is ImportStopped { throw failure }
            job.state = .failed
            job.errorCode = "import_interrupted"
            job.errorMessageJa = "読み込みが中断されました。もう一度実行すると続きから再開します。"
            job.errorMessageEn = "The import was interrupted. Run it again to continue where it stopped."
            try? database.saveImportJobBlocking(job)
            throw failure
        }
        if let error = readError as? ImportError {
            job = try finish(job, started: started, error: error)
            observer?(job)
            throw error
        }
        job.bytesProcessed = job.bytesTotal
        // Batch 0 stands for the route files' pass: shutdown stops it between files; batches of items count from 1.
        job = try RouteFileImporter(database: database, batchSize: batchSize) { try beforeCommit?(0) }.run(job, file: file, now: started)
        job = try finish(job, started: started, error: nil)
        observer?(job)
        return job
    }

    /// CSV files are all-or-nothing: every row is checked before anything is written. Samples are written in one
    /// transaction; the records of a Kiroku export (half a million for some accounts) a batch at a time.
    private func runCSV(_ job: ImportJob, file: URL, started: Date, observer: Observer?) throws -> ImportJob {
        var job = job
        let parsed: CSVImportFile
        var data = try Data(contentsOf: file)
        if data.starts(with: Self.byteOrderMark) { data.removeFirst(Self.byteOrderMark.count) }
        let text = String(decoding: data, as: UTF8.self)
        do throws(CSVImportError) {
            parsed = try CSVImportFile.parse(text, now: started)
        } catch {
            job.state = .failed
            job.errorCode = error.code
            job.errorMessageJa = error.message.ja
            job.errorMessageEn = error.message.en
            job.finishedAt = clock()
            try database.saveImportJobBlocking(job)
            observer?(job)
            throw error
        }
        switch parsed {
        case let .samples(samples):
            job.bytesProcessed = job.bytesTotal
            (job, _) = try database.commitImportBatchBlocking(samples.map { .record(.sample($0)) }, job: job, tracker: ImportTracker(), now: clock())
        case let .restoredRecords(records):
            job = try restore(records, job: job, observer: observer)
        }
        job = try finish(job, started: started, error: nil)
        observer?(job)
        return job
    }

    /// Writes the records of a Kiroku export in batches, after those a stopped run of the same job committed.
    private func restore(_ records: [RestoredRecord], job: ImportJob, observer: Observer?) throws -> ImportJob {
        var job = job
        try database.prepareForImportBlocking()
        defer { try? database.finishImportBlocking() }
        var next = min(job.itemsCommitted, records.count)
        while next < records.count {
            let end = min(next + batchSize, records.count)
            job.bytesProcessed = Int(Double(job.bytesTotal) * Double(end) / Double(records.count))
            job = try database.commitRestoredRecordsBlocking(Array(records[next..<end]), job: job)
            observer?(job)
            next = end
        }
        job.bytesProcessed = job.bytesTotal
        return job
    }

    /// A CSV import file starts with its `date,` header or the `id,metric,` of Kiroku's records export, after the
    /// UTF-8 byte-order mark that Excel's "CSV UTF-8" and Kiroku's own spreadsheet exports put first; Apple Health
    /// exports start with `<?xml` or a zip signature.
    static func isCSV(_ file: URL) throws -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { throw ImportError.unreadable(file.lastPathComponent) }
        defer { try? handle.close() }
        var head = try handle.read(upToCount: 16) ?? Data()
        if head.starts(with: Self.byteOrderMark) { head.removeFirst(Self.byteOrderMark.count) }
        return KirokuRecordsCSV.isCSVImport(head: String(decoding: head, as: UTF8.self))
    }

    static let byteOrderMark = Data(SpreadsheetCSV.byteOrderMark.utf8)

    private func finish(_ job: ImportJob, started: Date, error: ImportError?) throws -> ImportJob {
        var job = job
        let now = clock()
        job.state = error == nil ? .succeeded : .failed
        job.errorCode = error?.code
        job.errorMessageJa = error?.message.ja
        job.errorMessageEn = error?.message.en
        job.finishedAt = now
        job.durationSeconds = (job.durationSeconds ?? 0) + now.timeIntervalSince(started)
        try database.saveImportJobBlocking(job)
        return job
    }
}

/// A batch of mapped items and how far into the file reading had got.
struct PendingBatch {
    var prepared: PreparedImportBatch
    var bytesRead: Int
    var bytesTotal: Int
}

/// The writing side of an import: commits batches in order, each with the job's progress, on its own thread.
final class BatchWriter: @unchecked Sendable {
    private let database: AppDatabase
    private let observer: AppleHealthImporter.Observer?
    private let beforeCommit: (@Sendable (Int) throws -> Void)?
    private let clock: @Sendable () -> Date
    private(set) var job: ImportJob
    private var tracker = ImportTracker()
    private var batchNumber = 0

    init(database: AppDatabase, job: ImportJob, clock: @escaping @Sendable () -> Date, observer: AppleHealthImporter.Observer?, beforeCommit: (@Sendable (Int) throws -> Void)?) {
        self.database = database
        self.clock = clock
        self.job = job
        self.observer = observer
        self.beforeCommit = beforeCommit
    }

    func drain(_ handoff: BatchHandoff<PendingBatch>) {
        while let batch = handoff.take() {
            do {
                batchNumber += 1
                let number = batchNumber
                job.bytesProcessed = batch.bytesRead
                job.bytesTotal = batch.bytesTotal
                (job, tracker) = try database.commitImportBatchBlocking(batch.prepared, job: job, tracker: tracker, now: clock()) {
                    try self.beforeCommit?(number)
                }
                observer?(job)
                handoff.giveBack(batch)
            } catch {
                handoff.fail(error)
                return
            }
        }
    }
}
