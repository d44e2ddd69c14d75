import Foundation
import Health
import HealthImport
import Services
import Storage

/// The two floors of an Apple Health import, measured on the same export the import benchmark reads
/// (`KirokuBenchmarks import-floors export.zip DIR`, called by Benchmarks/HealthImport/bench.py):
///
/// - **parse only**: the reading thread's work — the zip inflated, the XML read, every item mapped and each batch
///   prepared (`PreparedImportBatch`) — nothing written;
/// - **write only**: the writing thread's work — the same prepared batches, already in memory, committed into a fresh
///   database through the import's own writer (same schema, statements, triggers and pragmas).
///
/// An import that overlaps the two perfectly takes as long as the larger floor; the report says how close it is.
enum ImportFloors {
    static func run(export: URL, directory: URL) async throws {
        let clock = ContinuousClock()
        let now = Date()

        let parseStart = clock.now
        let parsed = try readBatches(export, now: now) { _ in }
        let parseSeconds = seconds(clock.now - parseStart)

        var batches: [PreparedImportBatch] = []
        _ = try readBatches(export, now: now) { batches.append($0) }

        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: directory.appendingPathComponent("floor.sqlite").path)
        let user = try await database.createUser(User(username: "floor", passwordHash: "x", createdAt: now))
        var job = try await database.insertImportJob(ImportJob(
            userId: user.id!, kind: .appleHealth, fileName: export.lastPathComponent, fileSize: 0, fingerprint: "floor", createdAt: now
        ))
        try database.prepareForImportBlocking()
        var tracker = ImportTracker()
        let writeStart = clock.now
        for batch in batches {
            (job, tracker) = try database.commitImportBatchBlocking(batch, job: job, tracker: tracker, now: now)
        }
        try database.finishImportBlocking()
        let writeSeconds = seconds(clock.now - writeStart)
        let imported = job.counts.values.reduce(0) { $0 + $1.imported }

        // One JSON line for bench.py.
        print(#"{"items": \#(parsed), "parse_seconds": \#(parseSeconds), "write_seconds": \#(writeSeconds), "write_rows_added": \#(imported)}"#)
    }

    /// Reads and maps the export and prepares it in the import's batches, as the import's reading thread does;
    /// answers how many items it read.
    private static func readBatches(_ export: URL, now: Date, _ take: (PreparedImportBatch) -> Void) throws -> Int {
        var mapper = HealthKitMapper(now: now)
        var pending: [MappedItem] = []
        var read = 0
        try HealthExportReader(url: export).read { item in
            pending.append(mapper.map(item))
            read += 1
            if pending.count == AppleHealthImporter.defaultBatchSize {
                take(PreparedImportBatch(pending))
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { take(PreparedImportBatch(pending)) }
        return read
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
