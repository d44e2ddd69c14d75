import Foundation
import Health
import HealthImport
import Logging
import Storage

/// Starts imports of uploaded files in the background and cleans up after them.
struct ImportService: Sendable {
    let database: AppDatabase
    /// Where uploads wait for their import: `<data-dir>/imports`.
    let directory: URL
    let maxUploadBytes: Int

    init(database: AppDatabase, dataDirectory: URL, maxUploadBytes: Int) {
        self.database = database
        self.directory = dataDirectory.appendingPathComponent("imports", isDirectory: true)
        self.maxUploadBytes = maxUploadBytes
    }

    /// A fresh path for an upload, in a directory only the server's user can read.
    func newUploadURL() throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return directory.appendingPathComponent("upload-\(UUID().uuidString)")
    }

    /// Creates the job for an uploaded file and runs it in the background; answers at once.
    func start(userId: Int64, upload: URL, fileName: String?, keepFile: Bool, logger: Logger) async throws -> ImportJob {
        let importer = AppleHealthImporter(database: database)
        let job = try await importer.prepareJob(
            userId: userId, file: upload, displayName: fileName ?? "upload", storedPath: upload.path, keepFile: keepFile, now: Date()
        )
        // A resumed job already points at an earlier copy of the same file: keep one.
        let file = job.storedPath.map { URL(fileURLWithPath: $0) } ?? upload
        if file.path != upload.path { try? FileManager.default.removeItem(at: upload) }
        Task.detached {
            do {
                _ = try await importer.run(job, file: file)
                logger.info("import finished", metadata: ["job": "\(job.id!)"])
            } catch {
                logger.warning("import failed", metadata: ["job": "\(job.id!)", "error": "\(String(describing: type(of: error)))"])
            }
            if !job.keepFile { try? FileManager.default.removeItem(at: file) }
        }
        return job
    }
}
