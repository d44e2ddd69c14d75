import Crypto
import Foundation
import Storage

/// Backups of a data directory that a person can trust: a consistent copy of the database taken while the server
/// runs, the uploads it still needs, every file checksummed, optionally sealed with a passphrase; written under a
/// temporary name and renamed only when complete, so a backup cut short (power, kill -9) never replaces or damages
/// an earlier one. A restore checks everything before it touches the data directory.
public struct BackupService: Sendable {
    let database: AppDatabase
    let dataDirectory: URL

    public init(database: AppDatabase, dataDirectory: URL) {
        self.database = database
        self.dataDirectory = dataDirectory.standardizedFileURL
    }

    static let prefix = "kiroku-backup-"
    static let databaseName = "kiroku.sqlite"
    static let sealedSuffix = ".sealed"

    /// Writes a new backup into `directory` and returns where it is.
    public func create(in directory: URL, passphrase: String?, now: Date) async throws -> (url: URL, manifest: BackupManifest) {
        let files = FileManager.default
        try files.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let name = Self.prefix + Self.stamp(now)
        let staging = directory.appendingPathComponent(".\(name).partial-\(UUID().uuidString)")
        // The plain database copy is staged inside the data directory, never beside a sealed backup.
        let plainDatabase = dataDirectory.appendingPathComponent(".backup-\(UUID().uuidString).sqlite")
        defer {
            try? files.removeItem(at: plainDatabase)
            try? files.removeItem(at: staging)
        }
        try files.createDirectory(at: staging, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let keyParameters = passphrase.map { _ in BackupKey.Parameters.random() }
        let key = try passphrase.map { try BackupKey(passphrase: $0, parameters: keyParameters!) }

        try database.backup(to: plainDatabase.path)
        var stored: [(relative: String, source: URL)] = [(Self.databaseName, plainDatabase)]
        let root = dataDirectory.path + "/"
        for path in try await database.importUploadsInUse().sorted() {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            guard url.path.hasPrefix(root), files.fileExists(atPath: url.path) else { continue }
            stored.append((String(url.path.dropFirst(root.count)), url))
        }
        var manifestFiles: [BackupManifest.File] = []
        for (relative, source) in stored {
            let target = staging.appendingPathComponent(relative + (key == nil ? "" : Self.sealedSuffix))
            if let key {
                try SealedFile.seal(source, to: target, key: key.fileKey(for: relative))
            } else {
                try BackupFiles.copy(source, to: target)
            }
            manifestFiles.append(.init(path: relative, size: try BackupFiles.size(target), sha256: try BackupFiles.sha256(target)))
        }
        let check = try AppDatabase.check(path: plainDatabase.path)
        let manifest = BackupManifest(
            createdAt: now, migrations: check.appliedMigrations, files: manifestFiles, key: keyParameters,
            keyCheck: key.map { Self.keyCheck($0) }
        )
        let handle = try BackupFiles.create(staging.appendingPathComponent(BackupManifest.fileName))
        try handle.write(contentsOf: try Self.encoder.encode(manifest))
        try handle.synchronize()
        try handle.close()
        let final = try Self.moveIntoPlace(staging, named: name, in: directory)
        return (final, manifest)
    }

    /// Renames the finished backup to `name`, or, when another backup took that second (two at once, or a
    /// scheduled one beside `kiroku backup`), to `name-02`, `name-03`…: names still sort in the order the backups
    /// were taken, which is what `prune` and a person reading the folder go by. The rename itself is the check, so
    /// two processes racing for a name cannot both get it.
    static func moveIntoPlace(_ staging: URL, named name: String, in directory: URL) throws -> URL {
        for attempt in 1...99 {
            let final = directory.appendingPathComponent(attempt == 1 ? name : name + String(format: "-%02d", attempt))
            do {
                try FileManager.default.moveItem(at: staging, to: final)
                return final
            } catch let error as NSError where error.domain == NSCocoaErrorDomain && error.code == CocoaError.fileWriteFileExists.rawValue {
                continue
            }
        }
        throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: directory.appendingPathComponent(name).path])
    }

    /// Reads the manifest and checks every file against it.
    public static func verify(_ backup: URL) throws -> BackupManifest {
        guard let data = FileManager.default.contents(atPath: backup.appendingPathComponent(BackupManifest.fileName).path),
              let manifest = try? decoder.decode(BackupManifest.self, from: data), manifest.format == 1
        else { throw BackupError.unreadableManifest }
        for file in manifest.files {
            let url = backup.appendingPathComponent(file.path + (manifest.isEncrypted ? sealedSuffix : ""))
            guard FileManager.default.fileExists(atPath: url.path), try BackupFiles.sha256(url) == file.sha256 else {
                throw BackupError.checksumMismatch(file.path)
            }
        }
        return manifest
    }

    /// Replaces the data directory's database (and missing uploads) with the backup's. The caller holds the data
    /// directory's lock, so no server is running on it. Everything is opened, checked and staged first; the current
    /// database is moved aside to `before-restore-<time>/`, never deleted.
    public static func restore(_ backup: URL, into dataDirectory: URL, passphrase: String?, now: Date) throws -> BackupManifest {
        let files = FileManager.default
        let manifest = try verify(backup)
        var key: BackupKey?
        if let parameters = manifest.key {
            guard let passphrase else { throw BackupError.passphraseNeeded }
            let candidate = try BackupKey(passphrase: passphrase, parameters: parameters)
            guard manifest.keyCheck == keyCheck(candidate) else { throw BackupError.wrongPassphrase }
            key = candidate
        }
        let staging = dataDirectory.appendingPathComponent(".restore-\(UUID().uuidString)")
        defer { try? files.removeItem(at: staging) }
        for file in manifest.files {
            let source = backup.appendingPathComponent(file.path + (key == nil ? "" : sealedSuffix))
            let target = staging.appendingPathComponent(file.path)
            if let key {
                try SealedFile.open(source, to: target, key: key.fileKey(for: file.path))
            } else {
                try BackupFiles.copy(source, to: target)
            }
        }
        let restored = staging.appendingPathComponent(databaseName)
        let check = try AppDatabase.check(path: restored.path)
        guard check.integrityOK else { throw BackupError.unsoundDatabase }
        guard check.unknownMigrations.isEmpty else { throw BackupError.newerSchema(check.unknownMigrations) }

        let aside = dataDirectory.appendingPathComponent("before-restore-\(stamp(now))")
        try files.createDirectory(at: aside, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for suffix in ["", "-wal", "-shm"] {
            let current = dataDirectory.appendingPathComponent(databaseName + suffix)
            if files.fileExists(atPath: current.path) { try files.moveItem(at: current, to: aside.appendingPathComponent(databaseName + suffix)) }
        }
        try files.moveItem(at: restored, to: dataDirectory.appendingPathComponent(databaseName))
        for file in manifest.files where file.path != databaseName {
            let target = dataDirectory.appendingPathComponent(file.path)
            guard !files.fileExists(atPath: target.path) else { continue }
            try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try files.moveItem(at: staging.appendingPathComponent(file.path), to: target)
        }
        return manifest
    }

    /// Deletes all but the newest `keep` complete backups in `directory`, and staging folders an interrupted backup
    /// left behind more than an hour ago. Returns what it removed.
    @discardableResult
    public static func prune(_ directory: URL, keep: Int, now: Date) -> [URL] {
        let files = FileManager.default
        let names = (try? files.contentsOfDirectory(atPath: directory.path)) ?? []
        var removed: [URL] = []
        let complete = names.filter { $0.hasPrefix(prefix) }.sorted()
        for name in complete.dropLast(max(keep, 1)) {
            let url = directory.appendingPathComponent(name)
            if (try? files.removeItem(at: url)) != nil { removed.append(url) }
        }
        for name in names where name.hasPrefix(".\(prefix)") && name.contains(".partial-") {
            let url = directory.appendingPathComponent(name)
            let modified = (try? files.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? now
            if now.timeIntervalSince(modified) > 3_600, (try? files.removeItem(at: url)) != nil { removed.append(url) }
        }
        return removed
    }

    static func keyCheck(_ key: BackupKey) -> String {
        Data(HMAC<SHA256>.authenticationCode(for: Data("kiroku-backup-key-check".utf8), using: key.master)).base64EncodedString()
    }

    /// "20261125-013000Z": sorts by time, safe in a file name.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date) + "Z"
    }

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
