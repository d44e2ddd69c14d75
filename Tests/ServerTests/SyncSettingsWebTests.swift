import Foundation
import Hummingbird
import HummingbirdTesting
import Server
import Storage
import Testing
import TestSupport

@Suite struct SyncSettingsWebTests {
    @Test func showsTheTargetWithoutItsCredentialsWhatIsWaitingAndTheHistory() async throws {
        var server = try TestServer()
        let directory = TestFiles.directory.appendingPathComponent("kiroku-sync-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sync"), withIntermediateDirectories: true)
        server.configuration.dataDirectory = directory
        let settings = """
            {"url":"https://lake.example:8443","credentials":{"apiKey":{"_0":"krk_secret-never-shown"}},"metrics":["bodyMass"],
             "deviceId":"0f8c1a2b-3c4d-4e5f-8abc-def012345678","label":"hanako-laptop"}
            """
        try settings.write(to: directory.appendingPathComponent("sync/hanako.json"), atomically: true, encoding: .utf8)
        let database = server.database
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let empty = try await browser.get("/settings/sync").text
            #expect(empty.contains("まだ同期していません"))
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "60"])
            let user = try #require(try await database.user(username: "hanako"))
            try await database.recordSyncAttempt(SyncAttemptRecord(
                userId: user.id!, startedAt: Date(), duration: 1.5, status: "failed", sent: 0, rejected: 0, retries: 5, httpStatus: 503, error: "503 queue full"
            ))
            let page = try await browser.get("/settings/sync").text
            #expect(page.contains("https://lake.example:8443"))
            #expect(page.contains("hanako-laptop"))
            #expect(page.contains("id=\"sync-waiting\">1<"))
            #expect(page.contains("失敗"))
            #expect(page.contains("503 queue full"))
            #expect(!page.contains("krk_secret"), "credentials never reach a page")
            #expect(page.contains("/api/v1/health-data/"))
        }
    }

    @Test func theSetupCommandNamesTheSignInNameAndTheGatewayItsFullAddress() async throws {
        let server = try TestServer()
        let database = server.database
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            var user = try #require(try await database.user(username: "hanako"))
            user.displayName = "花子"
            try await database.updateUser(user)
            let page = try await browser.get("/settings/sync").text
            #expect(page.contains("kiroku sync configure --user hanako "), "the CLI takes the sign-in name, not 花子")
            #expect(!page.contains("--user 花子"))
            let endpoint = try #require(page.range(of: #"id="sync-endpoint">[^<]+"#, options: .regularExpression)).upperBound
            let shown = page[..<endpoint].split(separator: ">").last.map(String.init) ?? ""
            #expect(shown.hasPrefix("http://") && shown.hasSuffix("/api/v1/health-data/") && shown.count > "http:///api/v1/health-data/".count, "a full address: \(shown)")
        }
    }
}
