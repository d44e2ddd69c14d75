import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// Deleting an account leaves nothing of it on disk: not the sync agent's credentials, not an upload kept on the
/// server, not a drawn share card; and a new account that takes the same name inherits none of it.
@Suite(.timeLimit(.minutes(5))) struct AccountDeletionEndToEndTests {
    let cli = CLITests()
    var dataDirectory: String { cli.dataDirectory }

    /// Every file under the data directory, except the server's own (the database, which holds every account, and its lock).
    func files() -> Set<String> {
        let root = URL(fileURLWithPath: dataDirectory)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        var found: Set<String> = []
        while let url = walker?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if !path.hasPrefix("kiroku.") { found.insert(path) }
        }
        return found
    }

    @Test func deletingAnAccountRemovesItsFilesAndANewAccountWithTheSameNameInheritsNothing() async throws {
        let binary = try #require(Programs.kiroku)
        _ = try cli.kiroku(["user", "create", "bystander", "--password-stdin"], input: "correct horse battery\n")
        _ = try cli.kiroku(["sync", "configure", "--user", "bystander", "--url", "https://gateway.example:8443", "--api-key", "other-key"])
        let untouched = files()

        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "correct horse battery\n")
        let configured = try cli.kiroku(["sync", "configure", "--user", "hanako", "--url", "https://gateway.example:8443", "--api-key", "secret-key"])
        #expect(configured.status == 0, "\(configured.error)")
        let token = try cli.kiroku(["token", "create", "--user", "hanako", "--name", "e2e"]).output.trimmingCharacters(in: .whitespacesAndNewlines)

        // An upload the user asked the server to keep.
        let port = Programs.freePort()
        let server = try Programs.start(binary.path, ["serve", "--port", "\(port)", "--data-dir", dataDirectory], log: URL(fileURLWithPath: dataDirectory + "-server.log"))
        try await Programs.waitUntilUp(URL(string: "http://127.0.0.1:\(port)/health")!)
        var upload = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/imports?name=export.zip&keep=1")
        upload.method = .POST
        upload.headers.add(name: "Authorization", value: "Bearer \(token)")
        upload.headers.add(name: "Content-Type", value: "application/zip")
        upload.body = .bytes(ByteBuffer(bytes: try Data(contentsOf: URL(fileURLWithPath: CLITests.fixture("export-localized.zip")))))
        let accepted = try await HTTPClient.shared.execute(upload, timeout: .seconds(30))
        #expect(accepted.status == .accepted)
        for _ in 0..<100 where !files().contains(where: { $0.hasPrefix("imports/") }) { try await Task.sleep(for: .milliseconds(50)) }
        // A share card drawn (and kept) for the account.
        let drawsCards = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")
        if drawsCards {
            var card = HTTPClientRequest(url: "http://127.0.0.1:\(port)/api/v1/share-card.png")
            card.headers.add(name: "Authorization", value: "Bearer \(token)")
            #expect(try await HTTPClient.shared.execute(card, timeout: .seconds(30)).status == .ok)
        }
        await server.stop()

        let before = files()
        #expect(before.subtracting(untouched).contains { $0.hasPrefix("sync/") }, "hanako's sync credentials are on disk: \(before)")
        #expect(before.subtracting(untouched).contains { $0.hasPrefix("imports/") }, "hanako's kept upload is on disk: \(before)")
        if drawsCards {
            #expect(before.subtracting(untouched).contains { $0.hasPrefix("share-cards/") }, "hanako's drawn card is on disk: \(before)")
        }

        let refused = try cli.kiroku(["user", "delete", "hanako"], input: "taro\n")
        #expect(refused.status != 0, "a wrong confirmation deletes nothing")
        #expect(files() == before)

        let deleted = try cli.kiroku(["user", "delete", "hanako"], input: "hanako\n")
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(files() == untouched, "nothing of hanako's is left, and nobody else's is gone")

        _ = try cli.kiroku(["user", "create", "hanako", "--password-stdin"], input: "another person's password\n")
        let status = try cli.kiroku(["sync", "status", "--user", "hanako"])
        #expect(!status.output.contains("gateway.example") && !status.error.contains("gateway.example"), "the new hanako has no gateway: \(status.output)\(status.error)")
        #expect(try cli.kiroku(["records", "list", "--user", "hanako"]).output.contains("70.2") == false)
    }
}
