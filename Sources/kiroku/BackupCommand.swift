import ArgumentParser
import Foundation
import Health
import Services
import Storage

/// `kiroku backup`: a consistent copy of the data directory while the server runs, optionally sealed with a passphrase.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up the database and the uploads it still needs (safe while the server runs)."
    )

    @OptionGroup var data: DataOptions
    @Option(help: "Where to write the backup (default: <data-dir>/backups). Prefer another disk.")
    var to: String?
    @Flag(help: "Seal the backup with a passphrase (read from standard input, or KIROKU_BACKUP_PASSPHRASE).")
    var encrypt = false
    @Option(help: "Keep only the newest N backups in the target directory (N ≥ 1: the one just taken counts).")
    var keep: Int?

    func validate() throws {
        if let keep, keep < 1 {
            throw ValidationError("--keep must be 1 or more (the backup just taken is always kept). / --keep は 1 以上で指定してください（今作成したバックアップは必ず残ります）。")
        }
    }

    func run() async throws {
        let database = try data.openDatabase()
        let directory = to.map { URL(fileURLWithPath: $0) } ?? data.directoryURL.appendingPathComponent("backups")
        let passphrase = encrypt ? try Passphrase.read() : nil
        let service = BackupService(database: database, dataDirectory: data.directoryURL)
        do {
            let (url, manifest) = try await service.create(in: directory, passphrase: passphrase, now: Date())
            let bytes = manifest.files.reduce(Int64(0)) { $0 + $1.size }
            // A data directory with no uploads backs up one file, the database: "1 file", not "1 files".
            let files = manifest.files.count
            print(LocalizedText(
                ja: "バックアップを作成しました: \(url.path)（\(files) ファイル、\(bytes) バイト\(encrypt ? "、暗号化済み" : "")）",
                en: "Backed up to \(url.path) (\(files) \(files == 1 ? "file" : "files"), \(bytes) bytes\(encrypt ? ", encrypted" : ""))"
            ).text(in: .terminal))
            if let keep { BackupService.prune(directory, keep: keep, now: Date()) }
        } catch let error as any DomainError {
            throw CLIError(error.message)
        }
    }
}

/// `kiroku restore`: puts a backup back, after checking all of it, into a data directory no server is using.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup into the data directory (stop the server first); the current database is kept aside."
    )

    @OptionGroup var data: DataOptions
    @Argument(help: "The backup folder (kiroku-backup-…).")
    var backup: String

    func run() async throws {
        let directory = data.directoryURL
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(directory: directory)
        } catch is DataDirectoryLock.AlreadyLocked {
            throw CLIError(BackupError.serverRunning(directory.path).message)
        }
        defer { withExtendedLifetime(lock) {} }
        do {
            let url = URL(fileURLWithPath: backup)
            let manifest = try BackupService.verify(url)
            let passphrase = manifest.isEncrypted ? try Passphrase.read() : nil
            _ = try BackupService.restore(url, into: directory, passphrase: passphrase, now: Date())
            print(LocalizedText(
                ja: "復元しました（\(Instant.iso8601(manifest.createdAt)) のバックアップ）。以前のデータベースは before-restore-… に残しています。",
                en: "Restored the backup of \(Instant.iso8601(manifest.createdAt)). The previous database is kept in before-restore-…."
            ).text(in: .terminal))
        } catch let error as any DomainError {
            throw CLIError(error.message)
        }
    }
}

enum Passphrase {
    /// The environment variable when set (for schedules), else the first line of standard input; never an argument,
    /// which would show in `ps`.
    static func read(variable: String = "KIROKU_BACKUP_PASSPHRASE") throws -> String {
        if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return value }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else { throw CLIError(BackupError.emptyPassphrase.message) }
        return line
    }
}
