import Foundation
import Health
import KirokuClient
import Testing

@Suite struct GatewayTargetTests {
    @Test func httpsURLsAreAcceptedAndThePortFlagWins() throws {
        #expect(try GatewayTarget.validatedURL("https://gateway.example/").absoluteString == "https://gateway.example")
        #expect(try GatewayTarget.validatedURL("https://gateway.example", port: 8443).absoluteString == "https://gateway.example:8443")
        let target = GatewayTarget(url: try GatewayTarget.validatedURL("https://127.0.0.1:9443"), credentials: .apiKey("k"), label: "me")
        #expect(target.endpoint.absoluteString == "https://127.0.0.1:9443/api/v1/health-data/")
    }

    @Test func plainHTTPIsRefusedInBothLanguages() {
        let error = #expect(throws: SyncError.self) { try GatewayTarget.validatedURL("http://gateway.example") }
        #expect(error?.code == "insecure_url")
        #expect(error?.message.ja.contains("HTTPS") == true)
        #expect(error?.message.en.contains("encrypted") == true)
    }

    @Test func malformedURLsAndPortsAreRefused() {
        for text in ["gateway.example", "https://", "://x", "https:///path"] {
            #expect(throws: SyncError.self, "\(text)") { try GatewayTarget.validatedURL(text) }
        }
        #expect(throws: SyncError.invalidURL("https://gateway.example")) { try GatewayTarget.validatedURL("https://gateway.example", port: 70_000) }
    }

    @Test func typeAndCategoryTogglesSelectCatalogMetrics() throws {
        let selected = try GatewayTarget.metrics(types: ["weight", "HKQuantityTypeIdentifierStepCount"], categories: ["heart"])
        #expect(selected.contains("bodyMass"))
        #expect(selected.contains("stepCount"))
        #expect(selected.contains("heartRate"))
        #expect(!selected.contains("dietaryEnergy"))
        #expect(throws: SyncError.unknownType("nonsense")) { try GatewayTarget.metrics(types: ["nonsense"], categories: []) }
        #expect(throws: SyncError.self) { try GatewayTarget.metrics(types: [], categories: ["gym"]) }
    }
}
