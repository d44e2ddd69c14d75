import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// Nothing a phone sends may vanish without a trace: a sample sent twice in one batch is counted, a second version
/// under the same id is refused by name, and members this Kiroku does not know are kept with the record.
@Suite struct GatewayNothingDroppedTests {
    @Test func anExactRepeatInOneBatchIsSyncedOnceAndCountedAsADuplicate() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let sample = GatewayAPITests.sample(id: "123e4567-e89b-12d3-a456-426614174000")
        var upperCase = sample
        upperCase["id"] = "123E4567-E89B-12D3-A456-426614174000"
        let body = GatewayAPITests.payload(samples: [sample, sample, upperCase])
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: GatewayAPITests.apiKey(token), body: body)
            #expect(response.status == .ok)
            let answer = try response.json()
            // Every sample received is either synced or failed: the app's counts add up.
            #expect(answer["samplesReceived"] as? Int == 3)
            #expect(answer["syncedCount"] as? Int == 3)
            #expect(answer["failedCount"] as? Int == 0)
            #expect(answer["storedCount"] as? Int == 1)
            #expect(answer["duplicateCount"] as? Int == 2)
            #expect(answer["success"] as? Bool == true)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 1)
    }

    @Test func aSecondVersionUnderTheSameIdInOneBatchIsRefusedByNameNotDropped() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let first = GatewayAPITests.sample(id: "123e4567-e89b-12d3-a456-426614174000", value: 5)
        let second = GatewayAPITests.sample(id: "123e4567-e89b-12d3-a456-426614174000", value: 7)
        let body = GatewayAPITests.payload(samples: [first, second])
        try await server.test { client in
            var english = GatewayAPITests.apiKey(token)
            english[.acceptLanguage] = "en"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: english, body: body)
            let answer = try response.json()
            #expect(answer["syncedCount"] as? Int == 1)
            #expect(answer["failedCount"] as? Int == 1)
            #expect(answer["success"] as? Bool == false)
            let rejected = try #require((answer["rejected"] as? [[String: Any]])?.first)
            #expect(rejected["index"] as? Int == 1)
            #expect(rejected["id"] as? String == "123e4567-e89b-12d3-a456-426614174000")
            #expect((rejected["reason"] as? String)?.contains("different content") == true)
        }
        let records = try await server.database.allRecords(userId: alice.id!)
        #expect(records.map(\.value) == [5])
    }

    @Test func membersKirokuDoesNotKnowAndThePhonesCreationTimeAreKeptWithTheRecord() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        var sample = GatewayAPITests.sample(id: "123e4567-e89b-12d3-a456-426614174000")
        sample["sourceName"] = "Hanako's Apple Watch"
        sample["device"] = ["name": "Apple Watch", "model": "Watch7,1"]
        sample["wasUserEntered"] = true
        let body = GatewayAPITests.payload(samples: [sample])
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: GatewayAPITests.apiKey(token), body: body)
            #expect(try response.json()["syncedCount"] as? Int == 1)
        }
        let record = try #require(try await server.database.allRecords(userId: alice.id!).first)
        let metadata = try #require(record.metadata)
        #expect(metadata["gatewayCreatedAt"] == "2024-01-15T10:30:00Z")
        #expect(metadata["gatewayField.sourceName"] == "Hanako's Apple Watch")
        #expect(metadata["gatewayField.wasUserEntered"] == "true")
        let device = try #require(metadata["gatewayField.device"])
        let decoded = try JSONSerialization.jsonObject(with: Data(device.utf8)) as? [String: String]
        #expect(decoded == ["name": "Apple Watch", "model": "Watch7,1"])
        // The app's own metadata is kept as before.
        #expect(metadata["device"] == "iPhone")
    }
}
