import Foundation
import Health
import KirokuClient
import Services
import Storage
import Testing
import TestSupport

/// A sync run against a gateway that cannot be reached, with the phone app's own 1-2-4-8-16 s schedule: a person
/// learns within seconds that it is down, the run is in the history with the reason, and every record stays queued.
/// (It took about 91 s: each attempt waited out the connect timeout, then the whole backoff followed.)
@Suite(.serialized, .timeLimit(.minutes(3))) struct SyncUnreachableGatewayTests {
    /// Three batches' worth, so a run that went on to the next batch would show.
    static func store(records: Int, language: String) async throws -> (AppDatabase, User, URL) {
        let (database, user, directory) = try await SyncAgentFailureTests.store(language: language)
        let start = SyncAgentFailureTests.start
        let more = (1..<records).map { index in
            let at = start.addingTimeInterval(Double(index) * 60)
            return HealthRecord(
                userId: user.id!, metric: "stepCount", value: Double(index), originalValue: Double(index), originalUnit: "count", startAt: at, endAt: at,
                source: .manual, createdAt: start
            )
        }
        _ = try await database.insertRecords(more)
        return (database, user, directory)
    }

    func expectStoppedWithinSeconds(port: Int, language: String, expected: String) async throws {
        let (database, user, directory) = try await Self.store(records: 250, language: language)
        let agent = SyncAgentService(database: database, dataDirectory: directory)
        try agent.configure(user: user, url: "https://127.0.0.1", port: port, apiKey: "krk_test", username: nil, password: nil, categories: [])
        let started = ContinuousClock.now
        let attempt = try await agent.syncNow(user: user)
        let took = ContinuousClock.now - started
        // A behaviour bound, not a benchmark: what a person waiting at the terminal notices.
        #expect(took < .seconds(15), "took \(took)")
        #expect(attempt.status == .failed)
        #expect(attempt.sent == 0)
        #expect(attempt.retries <= 1, "one more try in case it was restarting, not the whole schedule: \(attempt.retries)")
        let error = try #require(attempt.error)
        #expect(error.contains(expected) && error.contains("127.0.0.1:\(port)"), "\(error)")
        let history = try await database.syncAttempts(userId: user.id!, limit: 5)
        #expect(history.count == 1 && history.first?.status == "failed" && history.first?.error == error)
        #expect(try await database.unsyncedCount(userId: user.id!, metrics: []) == 250, "nothing marked sent")
        let told = SyncAgentService.describe(attempt)
        #expect(told.en.contains("stays queued for the next run") && told.ja.contains("残りは次回送信します"))
    }

    @Test(arguments: [("en", "connection refused"), ("ja", "接続を拒否されました")])
    func aGatewayThatRefusesConnectionsEndsTheRunWithinSecondsAndKeepsEverythingQueued(language: String, expected: String) async throws {
        try await expectStoppedWithinSeconds(port: try SyncAgentFailureTests.closedPort(), language: language, expected: expected)
    }

    @Test(arguments: [("en", "did not accept a connection within 5 s"), ("ja", "5 秒以内に接続を受け付けませんでした")])
    func aGatewayThatNeverCompletesAConnectionEndsTheRunWithinSecondsAndKeepsEverythingQueued(language: String, expected: String) async throws {
        // Listening and never accepting: the TCP handshake completes, the TLS one is never answered. Reliable on
        // loopback, unlike an address that drops packets (that needs a firewall rule).
        let listener = try LoopbackPort(listening: true)
        try await expectStoppedWithinSeconds(port: listener.port, language: language, expected: expected)
        withExtendedLifetime(listener) {}
    }
}
