import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import Services
import Storage
import TestSupport

/// A Kiroku application over a fresh temporary SQLite file, with cheap bcrypt so tests stay fast.
struct TestServer {
    let dependencies: AppDependencies
    var configuration = AppConfiguration(port: 0)
    var database: AppDatabase { dependencies.database }

    init(
        rateLimits: LoginRateLimiter.Limits = .init(), signUpsPerHour: Int = Self.signUpsPerHour,
        gateway: GatewaySettings = GatewaySettings(), clock: (@Sendable () -> Date)? = nil
    ) throws {
        configuration.gateway = gateway
        configuration.signUpsPerHour = signUpsPerHour
        // A data directory of its own: uploads and start-up cleanup of one test never meet another's files.
        configuration.dataDirectory = TestFiles.directory.appendingPathComponent("kiroku-test-data-\(UUID().uuidString)")
        var dependencies = AppDependencies(
            database: try AppDatabase.temporary(),
            hasher: PasswordHasher(cost: 4),
            rateLimiter: LoginRateLimiter(limits: rateLimits)
        )
        if let clock { dependencies.clock = clock }
        self.dependencies = dependencies
    }

    /// In-process requests (`test`) have no client address: every one is "unknown", one address for the whole test,
    /// so the server's 10 an hour would refuse a test's 11th sign-up. Tests of the limit name their own.
    static let signUpsPerHour = 1_000

    /// The operator's side (`kiroku user create`): no client address, so no sign-up limit.
    var accounts: AccountService {
        AccountService(database: database, hasher: dependencies.hasher, rateLimiter: dependencies.rateLimiter)
    }

    /// Creates an account and an API token for it.
    func user(_ name: String, password: String = "correct horse battery") async throws -> (user: User, token: String) {
        let user = try await accounts.signUp(username: name, password: password, now: Date())
        let (secret, _) = try await accounts.createToken(for: user.id!, name: "tests", now: Date())
        return (user, secret)
    }

    func test<Value: Sendable>(
        configuration: AppConfiguration? = nil,
        _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Value
    ) async throws -> Value {
        let app = try await buildApplication(
            configuration: configuration ?? self.configuration, dependencies: dependencies, logger: Logger(label: "test")
        )
        return try await app.test(.router, body)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func json() throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// The `{"error": {"code": …}}` code of an API error answer.
    var errorCode: String? {
        ((try? json())?["error"] as? [String: Any])?["code"] as? String
    }

    var errorMessage: String? {
        ((try? json())?["error"] as? [String: Any])?["message"] as? String
    }

    /// Every Set-Cookie header, by cookie name.
    var setCookies: [String: String] {
        var cookies: [String: String] = [:]
        for field in headers[values: .setCookie] {
            let nameValue = field.split(separator: ";", maxSplits: 1)[0]
            let parts = nameValue.split(separator: "=", maxSplits: 1)
            cookies[String(parts[0])] = field
        }
        return cookies
    }

    func cookieValue(_ name: String) -> String? {
        guard let field = setCookies[name] else { return nil }
        let nameValue = field.split(separator: ";", maxSplits: 1)[0]
        return nameValue.split(separator: "=", maxSplits: 1).dropFirst().first.map(String.init)
    }
}

extension HTTPFields {
    static func bearer(_ token: String, language: String = "en") -> HTTPFields {
        [.authorization: "Bearer \(token)", .contentType: "application/json", .acceptLanguage: language]
    }
}

func jsonBody(_ object: Any) -> ByteBuffer {
    ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
}

func formBody(_ fields: [String: String]) -> ByteBuffer {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    let text = fields.sorted { $0.key < $1.key }
        .map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
        .joined(separator: "&")
    return ByteBuffer(string: text)
}
