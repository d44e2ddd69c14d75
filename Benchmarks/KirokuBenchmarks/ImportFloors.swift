import Foundation
import Health
import HealthImport
import Services
import Storage

/// The two floors of an Apple Health import, measured on the same export the import benchmark reads
/// (`KirokuBenchmarks import-floors export.zip DIR`, called by Benchmarks/HealthImport/bench.py):
///
/// - **parse only**: the zip inflated, the XML read and every item mapped, nothing written;
/// - **write only**: the same mapped items, already in memory, committed into a fresh database in the import's
///   batches through the import's own writer (same schema, statements, triggers and pragmas).
///
/// An import that overlaps the two perfectly takes as long as the larger floor; the report says how close it is.
enum ImportFloors {
    static func run(export: URL, directory: URL) async throws {
        let clock = ContinuousClock()
        let now = Date()

        var parsed = 0
        let parseStart = clock.now
        var mapper = HealthKitMapper(now: now)
        try HealthExportReader(url: export).read { item in
            _ = mapper.map(item)
            parsed += 1
        }
        let parseSeconds = seconds(clock.now - parseStart)

        var items: [MappedItem] = []
        items.reserveCapacity(parsed)
        var keeper = HealthKitMapper(now: now)
        try HealthExportReader(url: export).read { item in items.append(keeper.map(item)) }

        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: directory.appendingPathComponent("floor.sqlite").path)
        let user = try await database.createUser(User(username: "floor", passwordHash: "x", createdAt: now))
        var job = try await database.insertImportJob(ImportJob(
            userId: user.id!, kind: .appleHealth, fileName: export.lastPathComponent, fileSize: 0, fingerprint: "floor", createdAt: now
        ))
        try database.prepareForImportBlocking()
        var tracker = ImportTracker()
        let batchSize = AppleHealthImporter(database: database).batchSize
        let writeStart = clock.now
        var index = 0
        while index < items.count {
            let batch = Array(items[index..<min(index + batchSize, items.count)])
            (job, tracker) = try database.commitImportBatchBlocking(batch, job: job, tracker: tracker, now: now)
            index += batchSize
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
