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

/// The frequency chosen on /settings/sync drives the server's own scheduler (against a real second Kiroku as the
/// gateway over real HTTP), and a run going on anywhere shows its progress on the page, without JavaScript.
@Suite struct SyncScheduleWebTests {
    static func savedTarget(_ server: TestServer, user: User) throws -> String {
        try String(contentsOf: UserFiles(dataDirectory: server.configuration.dataDirectory).syncConfiguration(for: user), encoding: .utf8)
    }

    static func waitUntil(_ timeout: Duration = .seconds(15), _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await condition()
    }

    @Test func aFrequencyChosenOnThePagePushesNewRecordsWithoutAnyonePressingAButton() async throws {
        let gateway = try TestServer()
        let (_, gatewayKey) = try await gateway.user("lake")
        let lake = try #require(try await gateway.database.user(username: "lake"))
        var fastTicking = try TestServer()
        fastTicking.configuration.syncTick = .milliseconds(100)
        let agent = fastTicking
        try await gateway.live { port in
            try await agent.test { client in
                var browser = WebSession(client)
                _ = try await browser.signUp("hanako")
                let saved = try await browser.submit(
                    page: "/settings/sync", to: "/settings/sync/configure",
                    form: ["url": "https://lake.example", "apiKey": gatewayKey, "types[]": "bodyMass", "frequency": "manual"]
                )
                #expect(saved.status == .ok)
                #expect(saved.text.contains(#"value="bodyMass" checked"#), "the ticked type shows ticked")
                let user = try #require(try await agent.database.user(username: "hanako"))
                let file = try UserFiles(dataDirectory: agent.configuration.dataDirectory).syncConfiguration(for: user)
                try Self.savedTarget(agent, user: user).replacingOccurrences(of: "https://lake.example", with: "http://127.0.0.1:\(port)")
                    .write(to: file, atomically: true, encoding: .utf8)

                // Manual: a record waits and nothing goes on its own.
                _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "61.2"])
                try await Task.sleep(for: .milliseconds(600))
                #expect(try await gateway.database.recordCount(userId: lake.id!) == 0, "manual means only when pressed")

                // A frequency that is not one of the four is refused and changes nothing.
                let weekly = try await browser.submit(page: "/settings/sync", to: "/settings/sync/frequency", form: ["frequency": "weekly"])
                #expect(weekly.status == .badRequest)
                #expect(weekly.text.contains(#"id="sync-form-error""#))
                #expect(try Self.savedTarget(agent, user: user).contains(#""frequency" : "manual""#))

                let realtime = try await browser.submit(page: "/settings/sync", to: "/settings/sync/frequency", form: ["frequency": "realtime"])
                #expect(realtime.status == .ok)
                #expect(realtime.text.contains(#"value="realtime" checked"#), "the page shows the saved choice")
                #expect(try await Self.waitUntil { try await gateway.database.recordCount(userId: lake.id!) == 1 }, "the waiting record went on its own")

                // A new record follows within moments; a step count (not a chosen type) stays home.
                _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "61.0"])
                _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "stepCount", "value": "8000"])
                #expect(try await Self.waitUntil { try await gateway.database.recordCount(userId: lake.id!) == 2 })
                // The gateway's answer confirms the records a moment after it stored them.
                #expect(try await Self.waitUntil { try await browser.get("/settings/sync").text.contains(#"id="sync-waiting">0<"#) })
                #expect(try await agent.database.syncAttempts(userId: user.id!, limit: 10).allSatisfy { $0.status == "success" })
                try await Task.sleep(for: .milliseconds(400))
                #expect(try await gateway.database.recordCount(userId: lake.id!) == 2, "nothing is sent twice")

                // The storage rule: a value that is not one is refused; keeping one synced record deletes the older
                // synced weight within a tick, never the unsent step count, and the history says so.
                let nonsense = try await browser.submit(page: "/settings/sync", to: "/settings/sync/storage", form: ["keepFree": "lots", "maxSynced": "1"])
                #expect(nonsense.status == .badRequest)
                #expect(try await agent.database.recordCount(userId: user.id!) == 3)
                let rule = try await browser.submit(page: "/settings/sync", to: "/settings/sync/storage", form: ["keepFree": "", "maxSynced": "1"])
                #expect(rule.status == .ok)
                #expect(rule.text.contains(#"name="maxSynced" value="1""#))
                #expect(try await Self.waitUntil { try await agent.database.recordCount(userId: user.id!) == 2 }, "the oldest synced record went")
                #expect(try await agent.database.unsyncedCount(userId: user.id!, metrics: []) == 1, "the unsent step count stays")
                let history = try await browser.get("/settings/sync").text
                #expect(history.contains("oldest synced") || history.contains("送信済みの古い記録を 1 件削除"), "the history says what went")
            }
        }
    }

    @Test func aRunGoingOnElsewhereShowsItsProgressAndThePageFollowsItWithoutJavaScript() async throws {
        let agent = try TestServer()
        try await agent.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let user = try #require(try await agent.database.user(username: "hanako"))
            try SyncNowWebTests.configure(agent, user: user, port: 9, key: "krk_unused")
            let idle = try await browser.get("/settings/sync").text
            #expect(!idle.contains(#"http-equiv="refresh""#), "an idle page stays still")

            // `kiroku sync run` in another process holds the lock and writes how far it has come.
            let sync = agent.configuration.dataDirectory.appendingPathComponent("sync")
            let descriptor = open(sync.appendingPathComponent("user-\(user.id!).lock").path, O_RDWR | O_CREAT, 0o600)
            #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
            let progress = SyncProgress(startedAt: Date(), sent: 400, total: 1_000)
            try JSONEncoder().encode(progress).write(to: sync.appendingPathComponent("user-\(user.id!).progress.json"))
            let running = try await browser.get("/settings/sync").text
            #expect(running.contains(#"<progress id="sync-progress" value="400" max="1000">"#))
            #expect(running.contains("(40 %)"))
            #expect(running.contains(#"<meta http-equiv="refresh" content="2">"#))
            #expect(!running.contains(#"id="sync-now""#))

            close(descriptor)
            let after = try await browser.get("/settings/sync").text
            #expect(!after.contains(#"id="sync-progress""#), "a file left by a finished run is not believed")
            #expect(after.contains(#"id="sync-now""#))
        }
    }
}
