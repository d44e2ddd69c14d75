import Foundation
import GRDB
import Health
import Services
import Storage
import Testing
import TestSupport

/// Backups on real SQLite files in real directories: what goes in comes back row for row; a wrong passphrase, a
/// damaged file or a newer schema changes nothing in the data directory.
@Suite struct BackupServiceTests {
    struct Place {
        let root = TestFiles.directory.appendingPathComponent("kiroku-backup-\(UUID().uuidString)")
        var data: URL { root.appendingPathComponent("data") }
        var backups: URL { root.appendingPathComponent("backups") }
        var elsewhere: URL { root.appendingPathComponent("restored") }
    }

    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    /// A data directory with two users' records and one kept upload.
    static func populated(_ place: Place) async throws -> AppDatabase {
        try FileManager.default.createDirectory(at: place.data.appendingPathComponent("imports"), withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: place.data.appendingPathComponent("kiroku.sqlite").path)
        for name in ["hanako", "taro"] {
            let user = try await database.createUser(User(username: name, passwordHash: "x", createdAt: now))
            _ = try await database.insertRecords((0..<500).map { index in
                HealthRecord(
                    userId: user.id!, metric: "bodyMass", value: 60 + Double(index % 50) / 10, originalValue: 60, originalUnit: "kg",
                    startAt: now.addingTimeInterval(Double(index) * 3_600), endAt: now.addingTimeInterval(Double(index) * 3_600),
                    source: .manual, metadata: ["note": "日本語 \(index)"], createdAt: now
                )
            })
            let upload = place.data.appendingPathComponent("imports/\(name)-export.zip")
            try Data("PK fake zip of \(name)".utf8).write(to: upload)
            _ = try await database.insertImportJob(ImportJob(
                userId: user.id!, kind: .appleHealth, fileName: "export.zip", fileSize: 20, fingerprint: name, storedPath: upload.path, keepFile: true, createdAt: now
            ))
        }
        return database
    }

    /// Every table's rows, as text, in a stable order: "equal" means every value of every row.
    static func dump(_ path: String) throws -> [String: [String]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var tables: [String: [String]] = [:]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \"\(table)\"").map { $0.description }.sorted()
            }
            return tables
        }
    }

    /// Name → SHA-256 of every file under `directory`: "unchanged" means byte for byte.
    static func fingerprint(_ directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            result[url.lastPathComponent] = try Data(contentsOf: url)
        }
        return result
    }

    @Test func aPlainBackupRestoresEveryRowAndTheKeptUploads() async throws {
        let place = Place()
        let database = try await Self.populated(place)
        let (backup, manifest) = try await BackupService(database: database, dataDirectory: place.data).create(in: place.backups, passphrase: nil, now: Self.now)
        #expect(backup.lastPathComponent.hasPrefix("kiroku-backup-"))
        #expect(Set(manifest.files.map(\.path)) == ["kiroku.sqlite", "imports/hanako-export.zip", "imports/taro-export.zip"])
        #expect(!manifest.isEncrypted)
        let mode = try FileManager.default.attributesOfItem(atPath: backup.appendingPathComponent("kiroku.sqlite").path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "a backup of health data is readable by its owner only")

        _ = try BackupService.restore(backup, into: place.elsewhere, passphrase: nil, now: Self.now)
        #expect(try Self.dump(place.elsewhere.appendingPathComponent("kiroku.sqlite").path) == Self.dump(place.data.appendingPathComponent("kiroku.sqlite").path))
        #expect(try Data(contentsOf: place.elsewhere.appendingPathComponent("imports/taro-export.zip")) == Data("PK fake zip of taro".utf8))
    }

    /// Two backups in the same second (a scheduled one beside `kiroku backup`) both land, named so that they sort in
    /// the order they were taken, and pruning keeps the newest.
    @Test func backupsTakenInTheSameSecondBothLandAndSortInOrder() async throws {
        let place = Place()
        let database = try await Self.populated(place)
        let service = BackupService(database: database, dataDirectory: place.data)
        var made: [URL] = []
        for _ in 0..<3 { made.append(try await service.create(in: place.backups, passphrase: nil, now: Self.now).url) }
        let names = made.map(\.lastPathComponent)
        #expect(names[1] == names[0] + "-02" && names[2] == names[0] + "-03", "\(names)")
        #expect(names == names.sorted())
        for url in made { #expect((try? BackupService.verify(url)) != nil) }
        let later = try await service.create(in: place.backups, passphrase: nil, now: Self.now.addingTimeInterval(1)).url
        #expect(later.lastPathComponent > names[2])
        _ = BackupService.prune(place.backups, keep: 2, now: Self.now)
        let kept = try FileManager.default.contentsOfDirectory(atPath: place.backups.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(kept == [names[2], later.lastPathComponent])
    }

    @Test func anEncryptedBackupHidesEverythingAndAWrongPassphraseChangesNothing() async throws {
        let place = Place()
        let database = try await Self.populated(place)
        let (backup, manifest) = try await BackupService(database: database, dataDirectory: place.data).create(in: place.backups, passphrase: "correct horse battery", now: Self.now)
        #expect(manifest.isEncrypted)
        for (name, bytes) in try Self.fingerprint(backup) where name != "manifest.json" {
            #expect(bytes.range(of: Data("日本語".utf8)) == nil && bytes.range(of: Data("SQLite format".utf8)) == nil, "\(name) is sealed")
        }

        // An existing data directory the restore must leave exactly as it is.
        let other = Place()
        _ = try await Self.populated(other)
        let before = try Self.fingerprint(other.data)
        #expect(throws: BackupError.wrongPassphrase) { try BackupService.restore(backup, into: other.data, passphrase: "wrong horse", now: Self.now) }
        #expect(throws: BackupError.passphraseNeeded) { try BackupService.restore(backup, into: other.data, passphrase: nil, now: Self.now) }
        #expect(try Self.fingerprint(other.data) == before)

        _ = try BackupService.restore(backup, into: place.elsewhere, passphrase: "correct horse battery", now: Self.now)
        #expect(try Self.dump(place.elsewhere.appendingPathComponent("kiroku.sqlite").path) == Self.dump(place.data.appendingPathComponent("kiroku.sqlite").path))
    }

    @Test func aDamagedBackupIsRefusedBeforeAnythingChanges() async throws {
        let place = Place()
        let database = try await Self.populated(place)
        let (backup, _) = try await BackupService(database: database, dataDirectory: place.data).create(in: place.backups, passphrase: "pass phrase", now: Self.now)
        let sealed = backup.appendingPathComponent("kiroku.sqlite.sealed")
        var bytes = try Data(contentsOf: sealed)
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: sealed)
        let other = Place()
        _ = try await Self.populated(other)
        let before = try Self.fingerprint(other.data)
        #expect(throws: BackupError.checksumMismatch("kiroku.sqlite")) { try BackupService.restore(backup, into: other.data, passphrase: "pass phrase", now: Self.now) }
        #expect(try Self.fingerprint(other.data) == before)
    }

    @Test func aBackupFromANewerKirokuIsNotRestored() async throws {
        let place = Place()
        let database = try await Self.populated(place)
        let (backup, _) = try await BackupService(database: database, dataDirectory: place.data).create(in: place.backups, passphrase: nil, now: Self.now)
        let copy = backup.appendingPathComponent("kiroku.sqlite")
        let queue = try DatabaseQueue(path: copy.path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99-from-the-future')") }
        try queue.close()
        // Make the manifest agree, as a newer Kiroku's own backup would.
        let manifestURL = backup.appendingPathComponent("manifest.json")
        var manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as! [String: Any]
        var files = manifest["files"] as! [[String: Any]]
        let hash = try #require(try Self.sha256(copy))
        files = files.map { file in var file = file; if file["path"] as? String == "kiroku.sqlite" { file["sha256"] = hash }; return file }
        manifest["files"] = files
        try JSONSerialization.data(withJSONObject: manifest).write(to: manifestURL)
        #expect(throws: BackupError.newerSchema(["v99-from-the-future"])) { try BackupService.restore(backup, into: place.elsewhere, passphrase: nil, now: Self.now) }
        #expect(!FileManager.default.fileExists(atPath: place.elsewhere.appendingPathComponent("kiroku.sqlite").path))
    }

    @Test func pruningKeepsTheNewestBackups() async throws {
        let place = Place()
        let database = try await Self.populated(place)
        let service = BackupService(database: database, dataDirectory: place.data)
        var made: [URL] = []
        for hour in 0..<4 { made.append(try await service.create(in: place.backups, passphrase: nil, now: Self.now.addingTimeInterval(Double(hour) * 3_600)).url) }
        BackupService.prune(place.backups, keep: 2, now: Self.now)
        let left = try FileManager.default.contentsOfDirectory(atPath: place.backups.path).sorted()
        #expect(left == made.suffix(2).map(\.lastPathComponent))
    }

    static func sha256(_ url: URL) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").first.map(String.init)
    }
}
