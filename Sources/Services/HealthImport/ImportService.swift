import Foundation
import Health
import HealthImport
import Logging
import Storage

/// Starts imports of uploaded files in the background and cleans up after them.
public struct ImportService: Sendable {
    public let database: AppDatabase
    /// Where uploads wait for their import: `<data-dir>/imports`.
    public let directory: URL
    public let maxUploadBytes: Int
    /// Jobs running in this process: a second upload of a file being imported right now starts its own job
    /// instead of resuming (and racing) the running one.
    public let active = ActiveImportJobs()

    /// The application's clock, handed to every import this service runs.
    public let clock: @Sendable () -> Date
    /// Runs the background imports; add it to the application's services so shutdown waits for them.
    public let runner = ImportRunner()

    public init(database: AppDatabase, dataDirectory: URL, maxUploadBytes: Int, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.database = database
        self.clock = clock
        self.directory = dataDirectory.appendingPathComponent("imports", isDirectory: true)
        self.maxUploadBytes = maxUploadBytes
    }

    /// A fresh path for an upload, in a directory only the server's user can read.
    public func newUploadURL() throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory.appendingPathComponent("upload-\(UUID().uuidString)")
    }

    /// At start-up: uploads no job needs any more (a server stopped while receiving or deleting them) are
    /// removed — they are someone's health data — and imports a stopped server left unfinished continue.
    public func recover(startedAt: Date, logger: Logger) async {
        await removeOrphanedUploads(startedAt: startedAt, logger: logger)
        await resumeUnfinished(logger: logger)
    }

    /// Only files last written before `startedAt` are candidates: an upload this process is receiving right
    /// now has no job yet, and must not be mistaken for a leftover.
    public func removeOrphanedUploads(startedAt: Date, logger: Logger) async {
        guard let inUse = try? await database.importUploadsInUse(),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return }
        var removed = 0
        for name in names where name.hasPrefix("upload-") {
            let path = directory.appendingPathComponent(name).path
            guard !inUse.contains(path),
                  let written = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  written < startedAt,
                  (try? FileManager.default.removeItem(atPath: path)) != nil
            else { continue }
            removed += 1
        }
        if removed > 0 { logger.info("removed uploads no import needs", metadata: ["count": "\(removed)"]) }
    }

    /// Uploads whose import a stopped server left queued or running continue when it starts again.
    public func resumeUnfinished(logger: Logger) async {
        guard let jobs = try? await database.unfinishedImportJobs() else { return }
        for job in jobs {
            guard let id = job.id, let path = job.storedPath, FileManager.default.fileExists(atPath: path), active.insert(id) else { continue }
            let importer = AppleHealthImporter(database: database, clock: clock)
            let started = runner.launch(job: id) { [runner] in
                do {
                    _ = try await importer.run(job, file: URL(fileURLWithPath: path), beforeCommit: runner.checkNotStopping)
                    logger.info("resumed import finished", metadata: ["job": "\(id)"])
                    if !job.keepFile { try? FileManager.default.removeItem(atPath: path) }
                } catch is ImportStopped {
                    logger.info("import paused for shutdown; it resumes on the next start", metadata: ["job": "\(id)"])
                } catch {
                    logger.warning("resumed import failed", metadata: ["job": "\(id)", "error": "\(String(describing: type(of: error)))"])
                    if !job.keepFile { try? FileManager.default.removeItem(atPath: path) }
                }
                active.remove(id)
            }
            if !started { active.remove(id) }
        }
    }

    /// A page of the user's import jobs, newest first.
    public func jobs(userId: Int64, page: PageRequest) async throws -> Page<ImportJob> {
        try await database.importJobs(userId: userId, page: page)
    }

    /// The user's latest `limit` import jobs, newest first: the records page lists them under its form.
    public func recentJobs(userId: Int64, limit: Int) async throws -> [ImportJob] {
        try await database.importJobs(userId: userId, limit: limit)
    }

    /// The user's job, or not found (another user's id reads the same).
    public func job(id: Int64, userId: Int64) async throws -> ImportJob {
        guard let job = try await database.importJob(id: id, userId: userId) else { throw ServiceError.notFound }
        return job
    }

    /// Creates the job for an uploaded file and runs it in the background; answers at once.
    public func start(userId: Int64, upload: URL, fileName: String?, keepFile: Bool, logger: Logger) async throws -> ImportJob {
        let importer = AppleHealthImporter(database: database, clock: clock)
        var job = try await importer.prepareJob(
            userId: userId, file: upload, displayName: fileName ?? "upload", storedPath: upload.path, keepFile: keepFile, now: clock()
        )
        if !active.insert(try job.savedId) {
            job = try await database.insertImportJob(ImportJob(
                userId: userId, kind: job.kind, fileName: fileName ?? "upload", fileSize: job.fileSize,
                fingerprint: job.fingerprint, storedPath: upload.path, keepFile: keepFile, createdAt: clock()
            ))
            _ = active.insert(try job.savedId)
        }
        // A resumed job reads the new upload (the earlier copy may be gone).
        if job.storedPath != upload.path || job.keepFile != keepFile {
            job.storedPath = upload.path
            job.keepFile = keepFile
            try await database.updateImportJob(job)
        }
        let queued = job
        let id = try job.savedId
        // During shutdown the job stays queued, with its upload, and starts with the server.
        let launched = runner.launch(job: id) { [runner] in
            do {
                _ = try await importer.run(queued, file: upload, beforeCommit: runner.checkNotStopping)
                logger.info("import finished", metadata: ["job": "\(id)"])
            } catch is ImportStopped {
                logger.info("import paused for shutdown; it resumes on the next start", metadata: ["job": "\(id)"])
                active.remove(id)
                return
            } catch {
                logger.warning("import failed", metadata: ["job": "\(id)", "error": "\(String(describing: type(of: error)))"])
            }
            if !queued.keepFile { try? FileManager.default.removeItem(at: upload) }
            active.remove(id)
        }
        if !launched { active.remove(id) }
        return job
    }
}

/// The ids of import jobs running in this process.
public final class ActiveImportJobs: @unchecked Sendable {
    private let lock = NSLock()
    private var ids: Set<Int64> = []

    /// false when the job is already running.
    public func insert(_ id: Int64) -> Bool {
        lock.withLock { ids.insert(id).inserted }
    }

    public func remove(_ id: Int64) {
        lock.withLock { _ = ids.remove(id) }
    }
}
