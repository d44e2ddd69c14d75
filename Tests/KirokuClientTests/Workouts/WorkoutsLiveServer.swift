import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Server
import Services
import Storage

/// A real Kiroku server on a loopback port (HummingbirdTesting's live mode), for the SDK to talk HTTP to.
struct WorkoutsLiveServer {
    let database: AppDatabase

    init() throws {
        database = try AppDatabase.temporary()
    }

    /// Runs `body` with the server's base URL while the server is up.
    func run<Value: Sendable>(_ body: @escaping @Sendable (URL) async throws -> Value) async throws -> Value {
        let app = try await buildApplication(
            configuration: AppConfiguration(port: 0),
            dependencies: AppDependencies(database: database, hasher: PasswordHasher(cost: 4)),
            logger: Logger(label: "sdk-tests") { _ in SwiftLogNoOpLogHandler() }
        )
        return try await app.test(.live) { client in
            try await body(URL(string: "http://127.0.0.1:\(client.port!)")!)
        }
    }

    /// An address where nothing listens: what the phone sees offline.
    static let offline = URL(string: "http://127.0.0.1:9")!
}

/// A clock the tests move by hand.
final class WorkoutsTestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date()

    var now: Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }
}
