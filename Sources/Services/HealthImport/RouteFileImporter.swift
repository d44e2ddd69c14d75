import Foundation
import Health
import HealthImport
import Storage

/// The second pass of an `export.zip` import: every `workout-routes/*.gpx` file, streamed out of the zip and
/// stored as the route of the workout whose `<FileReference>` names it.
///
/// Points are written in batches numbered by their place in the file, each point once (`INSERT OR IGNORE` on
/// workout + place): a second import of the same zip, or a run resumed after a crash mid-file, adds only what is
/// missing. A file no workout names, and a point that cannot be read, is kept raw with why — never dropped.
struct RouteFileImporter {
    let database: AppDatabase
    var batchSize = 5_000
    /// Runs before each file; throwing stops the pass (shutdown: the job stays unfinished and the next start
    /// reads the route files again, adding only what is missing).
    var checkpoint: () throws -> Void = {}

    func run(_ job: ImportJob, file: URL, now: Date) throws -> ImportJob {
        guard let archive = try WorkoutRouteArchive(url: file), !archive.paths.isEmpty else { return job }
        var job = job
        let workouts = try database.routeFileWorkoutsBlocking(userId: job.userId)
        for path in archive.paths {
            try checkpoint()
            let name = WorkoutRouteArchive.fileName(path)
            do {
                if let workoutId = workouts[name] {
                    try store(path, in: archive, workoutId: workoutId, job: &job, now: now)
                    // Once, with the whole file stored: the workout page reads this instead of every point.
                    try database.summarizeRouteBlocking(userId: job.userId, workoutId: workoutId)
                } else {
                    try keepUnmatched(path, in: archive, job: &job, now: now)
                }
            } catch let error as ImportError {
                // One damaged route file does not undo the import: what it held up to the damage is stored (and
                // summarised), and the file is kept raw with the error.
                if let workoutId = workouts[name] { try database.summarizeRouteBlocking(userId: job.userId, workoutId: workoutId) }
                var key = NaturalKey()
                key.add("RouteFileUnreadable")
                key.add(name)
                let raw = ImportedRawItem(
                    element: "WorkoutRouteFile", type: "WorkoutRoute", attributes: ["file": name, "path": path, "error": error.code],
                    metadata: [:], naturalKey: key, reason: .badValue
                )
                try keep([raw], job: &job, now: now)
            }
        }
        try database.saveImportJobBlocking(job)
        return job
    }

    private func store(_ path: String, in archive: WorkoutRouteArchive, workoutId: Int64, job: inout ImportJob, now: Date) throws {
        let userId = job.userId
        let name = WorkoutRouteArchive.fileName(path)
        var batch: [RoutePoint] = []
        batch.reserveCapacity(batchSize)
        var sequence = 0
        var read = 0
        var stored = 0
        var rejected: [ImportedRawItem] = []
        func flush() throws {
            stored += try database.appendRoutePointsBlocking(batch, userId: userId, workoutId: workoutId, from: sequence, origin: .exportGPX)
            sequence += batch.count
            batch.removeAll(keepingCapacity: true)
        }
        try archive.read(path, now: now) { point in
            switch point {
            case let .point(point):
                read += 1
                batch.append(point)
                if batch.count >= batchSize { try flush() }
            case let .rejected(index, fields, reason):
                rejected.append(RejectedRoutePoint.raw(element: "trkpt", workoutKey: nil, file: name, index: index, fields: fields, reason: reason))
            }
        }
        try flush()
        // An empty route file (the Health app writes some) adds no line of zeros to the summary.
        if read > 0 {
            job.counts[WorkoutRoutePointRecord.importType, default: ImportTally()].imported += stored
            job.counts[WorkoutRoutePointRecord.importType, default: ImportTally()].alreadyPresent += read - stored
        }
        try keep(rejected, job: &job, now: now)
    }

    /// A route file no workout names: its points are kept as written, in one raw item for the file.
    private func keepUnmatched(_ path: String, in archive: WorkoutRouteArchive, job: inout ImportJob, now: Date) throws {
        let name = WorkoutRouteArchive.fileName(path)
        var points: [RoutePoint] = []
        var rejected: [ImportedRawItem] = []
        try archive.read(path, now: now) { point in
            switch point {
            case let .point(point): points.append(point)
            case let .rejected(index, fields, reason):
                rejected.append(RejectedRoutePoint.raw(element: "trkpt", workoutKey: nil, file: name, index: index, fields: fields, reason: reason))
            }
        }
        var key = NaturalKey()
        key.add("RouteFile")
        key.add(name)
        key.add(Int64(points.count))
        let times = points.compactMap(\.time)
        let raw = ImportedRawItem(
            element: "WorkoutRouteFile", type: "WorkoutRoute", value: String(points.count), unit: "points",
            startAt: times.min(), endAt: times.max(), sourceName: nil,
            attributes: ["file": name, "path": path, "points": DatedJSON.string(points)], metadata: [:],
            naturalKey: key, reason: .unmatchedRoute
        )
        try keep([raw] + rejected, job: &job, now: now)
    }

    private func keep(_ items: [ImportedRawItem], job: inout ImportJob, now: Date) throws {
        guard !items.isEmpty else { return }
        let inserted = try database.insertRawItemsBlocking(items, userId: job.userId, now: now)
        let type = "WorkoutRoute"
        job.counts[type, default: ImportTally()].imported += inserted
        job.counts[type, default: ImportTally()].alreadyPresent += items.count - inserted
        for item in items {
            if let reason = item.reason { job.keptRawReasons[reason.rawValue, default: 0] += 1 }
        }
    }
}
