import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct HealthCheckTests {
    @Test func healthProbeAnswersTheGatewayAppsExactShape() async throws {
        try await TestServer().test { client in
            try await client.execute(uri: "/health", method: .get) { response in
                #expect(response.status == .ok)
                let body = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: String]
                #expect(body == ["status": "ok", "message": "Gateway is running"])
            }
        }
    }
}
