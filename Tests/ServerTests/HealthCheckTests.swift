import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Server
import Storage
import Testing

@Suite struct HealthCheckTests {
    @Test func healthProbeAnswersTheGatewayAppsExactShape() async throws {
        let database = try AppDatabase.temporary()
        let app = buildApplication(configuration: AppConfiguration(port: 0), database: database, logger: Logger(label: "test"))
        try await app.test(.router) { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: String]
                #expect(body == ["status": "ok", "message": "Gateway is running"])
            }
        }
    }
}
