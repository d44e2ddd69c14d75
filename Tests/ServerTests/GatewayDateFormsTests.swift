import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// "Dates are ISO 8601 … accept all ISO 8601 forms" (reference/gateway-protocol.md): app versions format dates with
/// different `ISO8601DateFormatter` options, and a sample whose date was refused stays queued on the phone forever.
@Suite struct GatewayDateFormsTests {
    /// Every form names 2024-01-15 10:30:00 UTC (some with a half second).
    static let forms: [(text: String, milliseconds: Int64, offset: Int)] = [
        ("2024-01-15T19:30:00+09", 1_705_314_600_000, 32_400),
        ("2024-01-15T10:30Z", 1_705_314_600_000, 0),
        ("20240115T103000Z", 1_705_314_600_000, 0),
        ("20240115T193000+0900", 1_705_314_600_000, 32_400),
        ("2024-01-15T10:30:00,5Z", 1_705_314_600_500, 0),
        ("2024-015T10:30:00Z", 1_705_314_600_000, 0),
        ("2024-W03-1T10:30:00Z", 1_705_314_600_000, 0),
        ("2024-01-15T10:30.5Z", 1_705_314_630_000, 0),
        ("2024-01-15T10Z", 1_705_312_800_000, 0),
        ("2024-01-15T05:30:00-05:00", 1_705_314_600_000, -18_000),
    ]

    @Test func everyISO8601FormOfADateIsStoredAtItsInstant() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let samples = Self.forms.enumerated().map { index, form -> [String: Any] in
            var sample = GatewayAPITests.sample(id: String(format: "00000000-0000-0000-0000-%012d", index), start: form.text, end: form.text)
            sample["timezoneOffset"] = nil
            sample["timezone"] = nil
            return sample
        }
        let body = GatewayAPITests.payload(samples: samples)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: GatewayAPITests.apiKey(token), body: body)
            #expect(response.status == .ok)
            let answer = try response.json()
            #expect((answer["rejected"] as? [Any])?.isEmpty == true)
            #expect(answer["syncedCount"] as? Int == Self.forms.count)
            #expect(answer["success"] as? Bool == true)
        }
        let records = try await server.database.allRecords(userId: alice.id!)
        for (index, form) in Self.forms.enumerated() {
            let record = try #require(records.first { $0.externalId == String(format: "00000000-0000-0000-0000-%012d", index) }, "\(form.text)")
            #expect(Int64((record.startAt.timeIntervalSince1970 * 1000).rounded()) == form.milliseconds, "\(form.text)")
            #expect(record.utcOffsetSeconds == form.offset, "\(form.text)")
        }
    }

    @Test func aLocalTimeWithoutAnOffsetTakesTheSamplesOwnOffsetOrZone() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        var withOffset = GatewayAPITests.sample(id: "00000000-0000-0000-0000-000000000001", start: "2024-01-15T19:30:00", end: "2024-01-15T20:30:00")
        withOffset["timezoneOffset"] = 540
        var withZone = GatewayAPITests.sample(id: "00000000-0000-0000-0000-000000000002", start: "2024-07-15T06:30:00", end: "2024-07-15T07:30:00")
        withZone["timezoneOffset"] = nil
        withZone["timezone"] = "America/New_York"
        var withNeither = GatewayAPITests.sample(id: "00000000-0000-0000-0000-000000000003", start: "2024-01-15T19:30:00", end: "2024-01-15T20:30:00")
        withNeither["timezoneOffset"] = nil
        withNeither["timezone"] = nil
        let body = GatewayAPITests.payload(samples: [withOffset, withZone, withNeither])
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: GatewayAPITests.apiKey(token), body: body)
            let answer = try response.json()
            #expect(answer["syncedCount"] as? Int == 2)
            // Without any offset the wall-clock time names no instant: refused with the reason, not guessed.
            let rejected = try #require(answer["rejected"] as? [[String: Any]])
            #expect(rejected.map { $0["index"] as? Int } == [2])
        }
        let records = try await server.database.allRecords(userId: alice.id!)
        let tokyo = try #require(records.first { $0.externalId == "00000000-0000-0000-0000-000000000001" })
        #expect(tokyo.startAt == Date(timeIntervalSince1970: 1_705_314_600))
        #expect(tokyo.utcOffsetSeconds == 32_400)
        let newYork = try #require(records.first { $0.externalId == "00000000-0000-0000-0000-000000000002" })
        #expect(newYork.startAt == Date(timeIntervalSince1970: 1_721_039_400))
        #expect(newYork.utcOffsetSeconds == -14_400)
    }

    @Test func textThatIsNoDateIsStillRefusedWithTheReason() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        let bad = ["2024-13-01T10:00:00Z", "2024-02-30T10:00:00Z", "2024-01-15T25:00:00Z", "2024-01-15T10:00:00+25:00", "yesterday", "2024-W54-1T10:00:00Z", "2023-366T10:00:00Z"]
        let body = GatewayAPITests.payload(samples: bad.map { GatewayAPITests.sample(start: $0, end: $0) })
        try await server.test { client in
            var english = GatewayAPITests.apiKey(token)
            english[.acceptLanguage] = "en"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: english, body: body)
            let answer = try response.json()
            let rejected = try #require(answer["rejected"] as? [[String: Any]])
            #expect(rejected.count == bad.count)
            #expect(rejected.allSatisfy { ($0["reason"] as? String)?.contains("startDate") == true })
        }
    }
}
