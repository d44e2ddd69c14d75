import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@testable import Server
import Services
import Synchronization
import Testing

/// An error nobody anticipated is logged by its route pattern, never by the path asked for: paths such as a share
/// link's (`/s/<token>`) or a calendar feed's carry the secret that opens them.
@Suite struct UnhandledErrorLogTests {
    struct Unexpected: Error {}

    @Test func anUnhandledErrorLogsTheRouteNotTheSecretInThePath() async throws {
        let lines = LoggingTests.Lines()
        let logger = Logger(label: "kiroku.test") { label in
            JSONLogHandler(label: label, level: .info, redactor: PersonalDataRedactor(), write: lines.append)
        }
        let router = Router(context: AppRequestContext.self)
        router.add(middleware: ErrorMiddleware(pages: try await WebRenderer()))
        router.get("s/{token}") { _, _ -> Response in throw Unexpected() }
        let secret = "shr_Zx81qTtS9uW3mPa2"
        let app = Application(router: router, logger: logger)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/s/\(secret)", method: .get, headers: [.accept: "application/json"])
            #expect(response.status == .internalServerError)
        }
        let logged = lines.all.filter { $0.contains("unhandled error") }
        #expect(logged.count == 1)
        #expect(logged.allSatisfy { !$0.contains(secret) }, "\(logged)")
        #expect(logged.first?.contains("/s/{token}") == true, "the route is named so the failure can be found")
    }
}
