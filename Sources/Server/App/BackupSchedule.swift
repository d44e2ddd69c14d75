import Foundation
import Logging
import ServiceLifecycle
import Services
import Storage

/// `kiroku serve --backup-dir DIR --backup-every 24h --backup-keep 7`: what the scheduled backups are.
public struct BackupSchedule: Sendable, Equatable {
    public var directory: URL
    public var interval: Duration
    public var keep: Int
    /// When set, every backup is sealed with it (from KIROKU_BACKUP_PASSPHRASE or a file; never from the command line).
    public var passphrase: String?

    public init(directory: URL, interval: Duration = .seconds(24 * 3600), keep: Int = 7, passphrase: String? = nil) {
        self.directory = directory
        self.interval = interval
        self.keep = max(keep, 1)
        self.passphrase = passphrase
    }
}

/// Takes a backup every `interval` while the server runs, and keeps the newest `keep`. A failed backup is logged and
/// tried again at the next turn; it never stops the server, and an earlier backup is never touched by a later failure.
struct BackupScheduler: Service {
    let schedule: BackupSchedule
    let backups: BackupService
    let clock: @Sendable () -> Date
    let logger: Logger

    func run() async throws {
        logger.info("scheduled backups started", metadata: ["every_s": "\(schedule.interval.components.seconds)", "keep": "\(schedule.keep)"])
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: schedule.interval) }
            guard !Task.isCancelled && !Task.isShuttingDownGracefully else { break }
            await runOnce()
        }
    }

    func runOnce() async {
        let started = ContinuousClock.now
        do {
            let (url, manifest) = try await backups.create(in: schedule.directory, passphrase: schedule.passphrase, now: clock())
            let removed = BackupService.prune(schedule.directory, keep: schedule.keep, now: clock())
            logger.info("backup written", metadata: [
                "backup": "\(url.lastPathComponent)", "files": "\(manifest.files.count)", "encrypted": "\(manifest.isEncrypted)",
                "removed": "\(removed.count)", "duration_ms": "\((ContinuousClock.now - started).components.seconds * 1000)",
            ])
        } catch {
            logger.error("backup failed", metadata: ["error": "\(error)"])
        }
    }
}
