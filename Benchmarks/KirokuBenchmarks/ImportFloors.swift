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

        let batchSize = AppleHealthImporter.defaultBatchSize
        var parsed = 0
        let parseStart = clock.now
        var mapper = HealthKitMapper(now: now)
        var pending: [MappedItem] = []
        try HealthExportReader(url: export).read { item in
            pending.append(mapper.map(item))
            parsed += 1
            if pending.count == batchSize {
                _ = PreparedImportBatch(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        _ = PreparedImportBatch(pending)
        let parseSeconds = seconds(clock.now - parseStart)

        var batches: [PreparedImportBatch] = []
        var keeper = HealthKitMapper(now: now)
        pending.removeAll(keepingCapacity: true)
        try HealthExportReader(url: export).read { item in
            pending.append(keeper.map(item))
            if pending.count == batchSize {
                batches.append(PreparedImportBatch(pending))
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { batches.append(PreparedImportBatch(pending)) }

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

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
