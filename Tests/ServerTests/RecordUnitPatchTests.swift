import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// Over real HTTP: `PATCH /api/v1/records/{id}` with a unit and no value restates the same quantity in that unit;
/// it never relabels the stored number (70 kg must not become 70 lb).
@Suite struct RecordUnitPatchTests {
    static func stored(_ client: any TestClientProtocol, token: String, _ body: [String: Any]) async throws -> Int {
        let created = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(body))
        #expect(created.status == .created, "\(created.text)")
        return try #require(try created.json()["id"] as? Int)
    }

    static func patch(_ client: any TestClientProtocol, token: String, id: Int, _ body: [String: Any], language: String = "en") async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/records/\(id)", method: .patch, headers: .bearer(token, language: language), body: jsonBody(body))
    }

    @Test func aUnitAloneKeepsTheQuantityAndShowsItInTheNewUnit() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.liveClient { client in
            let id = try await Self.stored(client, token: token, ["metric": "bodyMass", "value": 70, "unit": "kg", "start": "2026-11-20T07:30:00+09:00"])
            let inPounds = try await Self.patch(client, token: token, id: id, ["unit": "lb"])
            #expect(inPounds.status == .ok, "\(inPounds.text)")
            var body = try inPounds.json()
            #expect(body["value"] as? Double == 70, "still 70 kg")
            #expect(body["unit"] as? String == "kg")
            #expect(body["originalUnit"] as? String == "lb")
            #expect(abs((body["originalValue"] as? Double ?? 0) - 70 / 0.45359237) < 1e-9, "154.32… lb")

            let shown = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(token)).json()
            #expect(shown["value"] as? Double == 70 && shown["originalUnit"] as? String == "lb", "as stored, not only as answered")

            // A unit the metric does not have is refused, and the record stays as it was.
            let refused = try await Self.patch(client, token: token, id: id, ["unit": "stone-ish"])
            #expect(refused.status == .badRequest && refused.errorCode == "unknown_unit")
            let unchanged = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(token)).json()
            #expect(unchanged["value"] as? Double == 70 && unchanged["originalUnit"] as? String == "lb")

            // Back to kilograms gives the number first typed, without a round trip's noise.
            body = try await Self.patch(client, token: token, id: id, ["unit": "kg"]).json()
            #expect(body["value"] as? Double == 70 && body["originalValue"] as? Double == 70 && body["originalUnit"] as? String == "kg")

            // A value with its unit is still read in that unit.
            body = try await Self.patch(client, token: token, id: id, ["value": 150, "unit": "lb"]).json()
            #expect(abs((body["value"] as? Double ?? 0) - 150 * 0.45359237) < 1e-9)
            #expect(body["originalValue"] as? Double == 150 && body["originalUnit"] as? String == "lb")
        }
        let userId = try #require(alice.id)
        let stored = try #require(try await server.database.allRecords(userId: userId).first)
        #expect(abs(stored.value - 150 * 0.45359237) < 1e-9)
    }

    @Test func aTemperatureIsRestatedThroughItsOffset() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.liveClient { client in
            let id = try await Self.stored(client, token: token, ["metric": "bodyTemperature", "value": 37, "unit": "°C", "start": "2026-11-20T07:30:00+09:00"])
            let body = try await Self.patch(client, token: token, id: id, ["unit": "°F"]).json()
            #expect(body["value"] as? Double == 37)
            #expect(abs((body["originalValue"] as? Double ?? 0) - 98.6) < 1e-9, "37 °C is 98.6 °F, not 37 °F")
        }
    }
}
