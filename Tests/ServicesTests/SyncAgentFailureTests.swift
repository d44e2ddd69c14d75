import Foundation
import Health
import KirokuClient
import Services
import Storage
import Testing
import TestSupport

/// What a person is told when the sync agent cannot do its work, and what it does about a settings file others
/// can read.
@Suite struct SyncAgentFailureTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func store(language: String?) async throws -> (AppDatabase, User, URL) {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-sync-failure-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: directory.appendingPathComponent("kiroku.sqlite").path)
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", language: language, createdAt: start))
        let record = HealthRecord(
            userId: user.id!, metric: "bodyMass", value: 60, originalValue: 60, originalUnit: "kg", startAt: start, endAt: start,
            source: .manual, createdAt: start
        )
        _ = try await database.insertRecords([record])
        return (database, user, directory)
    }

    /// A port on this machine that nothing listens on.
    static func closedPort() throws -> Int {
        try LoopbackPort(listening: false).port
    }

    @Test(arguments: [("en", "connection refused"), ("ja", "接続を拒否されました")])
    func aGatewayThatIsDownIsNamedInTheAccountsLanguageNotInTheLibrarysWords(language: String, expected: String) async throws {
        let (database, user, directory) = try await Self.store(language: language)
        let agent = SyncAgentService(database: database, dataDirectory: directory, retries: Backoff(retries: 0, baseDelay: .milliseconds(1), maxDelay: .milliseconds(1)))
        let port = try Self.closedPort()
        try agent.configure(user: user, url: "https://127.0.0.1", port: port, apiKey: "krk_test", username: nil, password: nil, categories: [])
        let attempt = try await agent.syncNow(user: user)
        #expect(attempt.status == .failed)
        let error = try #require(attempt.error)
        #expect(error.contains(expected), "\(error)")
        #expect(error.contains("127.0.0.1:\(port)"), "\(error)")
        #expect(!error.contains("errno") && !error.contains("SingleConnectionFailure"), "\(error)")
        // The history keeps the same words, and nothing was marked synced.
        #expect(try await database.syncAttempts(userId: user.id!, limit: 1).first?.error == error)
        #expect(try await database.unsyncedCount(userId: user.id!, metrics: []) == 1)
    }

    @Test func aSettingsFileOthersCanReadIsPutBackTo0600InA0700Folder() async throws {
        let (database, user, directory) = try await Self.store(language: nil)
        let agent = SyncAgentService(database: database, dataDirectory: directory)
        try agent.configure(user: user, url: "https://gateway.example", port: nil, apiKey: "krk_test", username: nil, password: nil, categories: [])
        let file = try agent.targetFile(for: user)
        let folder = file.url.deletingLastPathComponent().path
        func mode(_ path: String) throws -> Int {
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        // Reading the settings (as every run and page does) tightens them.
        _ = try file.load()
        #expect(try mode(file.url.path) == 0o600)
        #expect(try mode(folder) == 0o700)
        // A command is told when it happened, and not when there was nothing to do.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.url.path)
        #expect(try file.tightenPermissions() == true)
        #expect(try file.tightenPermissions() == false)
        #expect(try mode(file.url.path) == 0o600)
    }
}
