import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import Server
import Testing

extension TestServer {
    /// The application on a real socket (127.0.0.1, a free port), for tests about client addresses and connections.
    func live<Value: Sendable>(
        configuration: AppConfiguration? = nil,
        _ body: @escaping @Sendable (_ port: Int) async throws -> Value
    ) async throws -> Value {
        let app = try await buildApplication(
            configuration: configuration ?? self.configuration, dependencies: dependencies, logger: Logger(label: "test")
        )
        return try await app.test(.live) { client in
            try await body(try #require(client.port))
        }
    }

    /// The application on a real socket, driven through HummingbirdTesting's client (so `.bearer`, `jsonBody` and
    /// `errorCode` work as in router tests, over real HTTP).
    func liveClient<Value: Sendable>(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let app = try await buildApplication(configuration: configuration, dependencies: dependencies, logger: Logger(label: "test"))
        return try await app.test(.live, body)
    }
}
