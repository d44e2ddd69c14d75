import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// `kiroku backup` and `kiroku restore` on the real binary: a backup taken while the server serves and writes, an
/// encrypted round trip, a backup killed halfway that leaves the earlier backup and the database unharmed, and a
/// restore refused while a server holds the directory.
@Suite(.timeLimit(.minutes(5))) struct BackupEndToEndTests {
    let cli = CLITests()
    var dataDirectory: String { cli.dataDirectory }
    var backups: String { dataDirectory + "-backups" }

    func backupFolders() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []).filter { $0.hasPrefix("kiroku-backup-") }.sorted()
    }

    @Test func anEncryptedBackupOfARunningServerRestoresIntoANewDirectory() async throws {
        let binary = try #require(Programs.kiroku)
        let sqlite = try #require(Programs.find(["sqlite3"]), "install sqlite3")
        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let token = try cli.kiroku(["token", "create", "--user", "hanako", "--name", "e2e"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let port = Programs.freePort()
        let server = try Programs.start(binary.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory], log: URL(fileURLWithPath: dataDirectory + "-server.log"))
        defer { server.terminate() }
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)

        // Writes keep arriving while the backup is taken.
        let writer = Task {
            for batch in 0..<20 {
                var post = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/records")
                post.method = .POST
                post.headers.add(name: "Authorization", value: "Bearer \(token)")
                post.headers.add(name: "Content-Type", value: "application/json")
                let records = (0..<50).map { index in
                    #"{"metric":"stepCount","value":\#(batch * 50 + index),"start":"2026-01-01T00:\#(String(format: "%02d", index % 60)):\#(String(format: "%02d", batch))Z"}"#
                }
                post.body = .bytes(ByteBuffer(string: #"{"records":[\#(records.joined(separator: ","))]}"#))
                _ = try? await HTTPClient.shared.execute(post, timeout: .seconds(10))
            }
        }
        let made = try Programs.run(binary.path, ["backup", "--data-dir", dataDirectory, "--to", backups, "--encrypt"], input: "a long passphrase\n")
        #expect(made.status == 0, "\(made.error)")
        await writer.value
        let folder = try #require(backupFolders().first)

        let restoredDirectory = dataDirectory + "-restored"
        let refused = try Programs.run(binary.path, ["restore", backups + "/" + folder, "--data-dir", restoredDirectory], input: "not the passphrase\n")
        #expect(refused.status != 0)
        #expect(refused.error.contains("Wrong passphrase") || refused.error.contains("パスフレーズが違います"), "\(refused.error)")
        #expect(!FileManager.default.fileExists(atPath: restoredDirectory + "/kiroku.sqlite"))

        let busy = try Programs.run(binary.path, ["restore", backups + "/" + folder, "--data-dir", dataDirectory], input: "a long passphrase\n")
        #expect(busy.status != 0, "a running server's directory is never restored into")

        let restored = try Programs.run(binary.path, ["restore", backups + "/" + folder, "--data-dir", restoredDirectory], input: "a long passphrase\n")
        #expect(restored.status == 0, "\(restored.error)")
        let integrity = try Programs.run(sqlite, [restoredDirectory + "/kiroku.sqlite", "PRAGMA integrity_check"])
        #expect(integrity.output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        let users = try Programs.run(binary.path, ["user", "list", "--data-dir", restoredDirectory]).output
        #expect(users.contains("hanako"))
    }

    @Test func aBackupKilledHalfwayLeavesTheEarlierBackupAndTheDatabaseUnharmed() async throws {
        let binary = try #require(Programs.kiroku)
        let sqlite = try #require(Programs.find(["sqlite3"]), "install sqlite3")
        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let export = URL(fileURLWithPath: dataDirectory + "-export.xml")
        try CLITests.writeExport(records: 150_000, to: export)
        #expect(try cli.kiroku(["import", export.path, "--user", "hanako"]).status == 0)
        let first = try Programs.run(binary.path, ["backup", "--data-dir", dataDirectory, "--to", backups])
        #expect(first.status == 0, "\(first.error)")
        let earlier = try #require(backupFolders().first)

        // The second backup is sealed, so it takes long enough to be caught halfway.
        let second = try Programs.start(binary.path, ["backup", "--data-dir", dataDirectory, "--to", backups, "--encrypt"],
                                        log: URL(fileURLWithPath: dataDirectory + "-backup.log"), environment: ["KIROKU_BACKUP_PASSPHRASE": "a long passphrase"])
        let backupsPath = backups
        let started = await CLITests.runInBursts(second.processIdentifier, until: { $0 > 0 }, probe: {
            ((try? FileManager.default.contentsOfDirectory(atPath: backupsPath)) ?? []).filter { $0.contains(".partial-") }.count
        })
        kill(second.processIdentifier, SIGKILL)
        second.waitUntilExit()
        #expect(started > 0, "the second backup was caught while it was being written")
        #expect(backupFolders() == [earlier], "no half backup is ever taken for a complete one")

        let integrity = try Programs.run(sqlite, [dataDirectory + "/kiroku.sqlite", "PRAGMA integrity_check"])
        #expect(integrity.output.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        let restoredDirectory = dataDirectory + "-restored"
        let restored = try Programs.run(binary.path, ["restore", backups + "/" + earlier, "--data-dir", restoredDirectory])
        #expect(restored.status == 0, "the earlier backup still restores: \(restored.error)")
        let count = try Programs.run(sqlite, [restoredDirectory + "/kiroku.sqlite", "SELECT COUNT(*) FROM healthRecord"])
        #expect(count.output.trimmingCharacters(in: .whitespacesAndNewlines) == "150000")
    }

    @Test func theServerTakesBackupsOnItsScheduleAndKeepsTheNewest() async throws {
        let binary = try #require(Programs.kiroku)
        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let port = Programs.freePort()
        let server = try Programs.start(
            binary.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory, "--backup-dir", backups, "--backup-every", "1s", "--backup-keep", "2"],
            log: URL(fileURLWithPath: dataDirectory + "-server.log")
        )
        defer { server.terminate() }
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)
        var seen: Set<String> = []
        for _ in 0..<200 where seen.count < 4 {
            seen.formUnion(backupFolders())
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(seen.count >= 4, "a backup every second: \(seen.sorted())")
        #expect(backupFolders().count <= 2, "only the newest two are kept: \(backupFolders())")
        await server.stop()
        #expect(server.terminationStatus == 0)
    }
}
