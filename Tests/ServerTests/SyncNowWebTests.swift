import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// "Sync now" on /settings/sync, against a real second Kiroku acting as the gateway over real HTTP: records go and
/// are confirmed, a refused key is remembered and stops further runs, and a run already going blocks a second one.
@Suite struct SyncNowWebTests {
    /// Writes hanako's sync target (as `kiroku sync configure` would) pointing at `port` with `key`.
    static func configure(_ agent: TestServer, user: User, port: Int, key: String) throws {
        let file = try UserFiles(dataDirectory: agent.configuration.dataDirectory).syncConfiguration(for: user)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let json = #"{"url":"http://127.0.0.1:\#(port)","credentials":{"apiKey":{"_0":"\#(key)"}},"metrics":[],"deviceId":"0f8c1a2b-3c4d-4e5f-8abc-def012345678","label":"hanako"}"#
        try json.write(to: file, atomically: true, encoding: .utf8)
    }

    static func notice(_ html: String) -> String? {
        guard let range = html.range(of: #"id="sync-notice" role="status">[^<]*"#, options: .regularExpression) else { return nil }
        return html[range].components(separatedBy: ">").last
    }

    /// Follows the page after "Sync now" as a browser without JavaScript does (it reloads itself while the run goes
    /// on) until the run has ended, and returns the page that says what it did.
    static func followRun(_ browser: inout WebSession, timeout: Duration = .seconds(20)) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        while true {
            let page = try await browser.get("/settings/sync?started=1").text
            if !page.contains(#"id="sync-running""#) { return page }
            #expect(page.contains(#"<meta http-equiv="refresh" content="2">"#), "a running sync's page reloads itself")
            guard ContinuousClock.now < deadline else { return page }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test func syncNowSendsTheRecordsAndARevokedKeyStopsTheNextRun() async throws {
        let gateway = try TestServer()
        let (_, gatewayKey) = try await gateway.user("lake")
        let agent = try TestServer()
        try await gateway.live { port in
            try await agent.test { client in
                var browser = WebSession(client)
                _ = try await browser.signUp("hanako")
                for value in ["61.2", "61.0", "60.8"] {
                    _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": value])
                }
                let user = try #require(try await agent.database.user(username: "hanako"))
                try Self.configure(agent, user: user, port: port, key: gatewayKey)

                let started = try await browser.submit(page: "/settings/sync", to: "/settings/sync/run", form: [:])
                #expect(started.status == .found, "the run goes on in the background and the page follows it")
                let synced = try await Self.followRun(&browser)
                #expect(Self.notice(synced)?.contains("3") == true, "\(Self.notice(synced) ?? synced)")
                #expect(synced.contains(#"id="sync-waiting">0<"#))
                let lake = try #require(try await gateway.database.user(username: "lake"))
                #expect(try await gateway.database.recordCount(userId: lake.id!) == 3, "the gateway holds the three records")

                // The gateway's owner revokes the key: the next run is refused and remembered.
                try Self.configure(agent, user: user, port: port, key: "krk_revoked-or-wrong")
                _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "60.5"])
                _ = try await browser.submit(page: "/settings/sync", to: "/settings/sync/run", form: [:])
                let refused = try await Self.followRun(&browser)
                #expect(refused.contains(#"id="sync-revoked""#), "the page says to enter a new key")
                let again = try await browser.submit(page: "/settings/sync", to: "/settings/sync/run", form: [:])
                #expect(again.status == .badRequest)
                #expect(Self.notice(again.text)?.contains("新しい API キー") == true)
                #expect(try await gateway.database.recordCount(userId: lake.id!) == 3)
            }
        }
    }

    @Test func aRunAlreadyGoingBlocksASecondOne() async throws {
        let agent = try TestServer()
        try await agent.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let user = try #require(try await agent.database.user(username: "hanako"))
            try Self.configure(agent, user: user, port: 9, key: "krk_unused")
            // Another process (the daemon, the CLI) holds the user's sync lock.
            let lockPath = agent.configuration.dataDirectory.appendingPathComponent("sync/user-\(user.id!).lock").path
            let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
            #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
            defer { close(descriptor) }
            let page = try await browser.get("/settings/sync").text
            #expect(page.contains(#"id="sync-running""#) && !page.contains(#"id="sync-now""#), "no button while a run goes on")
            let blocked = try await browser.post("/settings/sync/run", form: ["csrf": WebSession.csrfToken(in: page) ?? ""])
            #expect(blocked.status == .conflict)
            #expect(Self.notice(blocked.text)?.contains("すでに実行中") == true, "\(Self.notice(blocked.text) ?? blocked.text)")
        }
    }
}

@Suite struct SyncConfigureWebTests {
    @Test func aPersonSetsTheGatewayOnThePageAndTestsTheConnection() async throws {
        let gateway = try TestServer()
        let (_, gatewayKey) = try await gateway.user("lake")
        let agent = try TestServer()
        try await gateway.live { port in
            try await agent.test { client in
                var browser = WebSession(client)
                _ = try await browser.signUp("hanako")
                let insecure = try await browser.submit(page: "/settings/sync", to: "/settings/sync/configure", form: ["url": "http://lake.example", "apiKey": "k"])
                #expect(insecure.status == .badRequest)
                #expect(insecure.text.contains(#"id="sync-form-error""#))
                let noKey = try await browser.submit(page: "/settings/sync", to: "/settings/sync/configure", form: ["url": "https://lake.example"])
                #expect(noKey.text.contains("API キー、またはユーザー名とパスワード"))
                let badPort = try await browser.submit(page: "/settings/sync", to: "/settings/sync/configure", form: ["url": "https://lake.example", "port": "70000", "apiKey": "k"])
                #expect(badPort.status == .badRequest)

                let saved = try await browser.submit(
                    page: "/settings/sync", to: "/settings/sync/configure",
                    form: ["url": "https://lake.example", "port": "8443", "apiKey": gatewayKey, "categories[]": "body"]
                )
                #expect(saved.status == .ok)
                #expect(saved.text.contains("https://lake.example:8443"))
                let user = try #require(try await agent.database.user(username: "hanako"))
                let file = try UserFiles(dataDirectory: agent.configuration.dataDirectory).syncConfiguration(for: user)
                #expect(try String(contentsOf: file, encoding: .utf8).contains("bodyMass"), "the ticked category's types are saved")
                #expect(!(try String(contentsOf: file, encoding: .utf8).contains("stepCount")), "and only those")
                #expect(!saved.text.contains(gatewayKey), "the key never reaches a page")
                #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)

                // Tests reach a plain-HTTP gateway on loopback by editing the saved address, as the page allows HTTPS only.
                let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "https://lake.example:8443", with: "http://127.0.0.1:\(port)")
                try text.write(to: file, atomically: true, encoding: .utf8)
                let good = try await browser.submit(page: "/settings/sync", to: "/settings/sync/test", form: [:]).text
                #expect(SyncNowWebTests.notice(good)?.contains("接続できました") == true, "\(SyncNowWebTests.notice(good) ?? good)")
                #expect(!text.contains(gatewayKey), "the key is sealed in the file, not written as it is")
                try SyncNowWebTests.configure(agent, user: user, port: port, key: "krk_wrong")
                let refused = try await browser.submit(page: "/settings/sync", to: "/settings/sync/test", form: [:]).text
                #expect(SyncNowWebTests.notice(refused)?.contains("資格情報が拒否されました") == true, "\(SyncNowWebTests.notice(refused) ?? refused)")
                try SyncNowWebTests.configure(agent, user: user, port: 9, key: gatewayKey)
                let unreachable = try await browser.submit(page: "/settings/sync", to: "/settings/sync/test", form: [:]).text
                #expect(SyncNowWebTests.notice(unreachable)?.contains("接続できません") == true, "\(SyncNowWebTests.notice(unreachable) ?? unreachable)")
            }
        }
    }
}
