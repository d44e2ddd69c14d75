import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct SummariesAPITests {
    @Test func stepsAreSummedPerTokyoDayAcrossTheUTCBoundary() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            // 14:30Z and 15:30Z on Jan 1 fall on Jan 1 and Jan 2 in Tokyo (UTC+9).
            let records: [[String: Any]] = [
                ["metric": "steps", "value": 1000, "start": "2026-01-01T14:30:00Z"],
                ["metric": "steps", "value": 2000, "start": "2026-01-01T15:30:00Z"],
                ["metric": "steps", "value": 500, "start": "2026-01-02T03:00:00Z"],
            ]
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let summary = try await client.execute(uri: "/api/v1/summaries?metric=steps&from=2026-01-01&to=2026-01-02", method: .get, headers: .bearer(token)).json()
            #expect(summary["timeZone"] as? String == "Asia/Tokyo")
            let days = summary["days"] as? [[String: Any]] ?? []
            #expect(days.map { $0["day"] as? String } == ["2026-01-01", "2026-01-02"])
            #expect(days.map { $0["value"] as? Double } == [1000, 2500])
            #expect((summary["movingAverage"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func movingAverageAppearsOnceSevenDaysHaveData() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let weights = [70.0, 71, 72, 73, 74, 75, 76, 77]
            let records = weights.enumerated().map { index, weight in
                ["metric": "weight", "value": weight, "start": "2026-03-0\(index + 1)T00:00:00Z"] as [String: Any]
            }
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let six = try await client.execute(uri: "/api/v1/summaries?metric=bodyMass&from=2026-03-01&to=2026-03-06", method: .get, headers: .bearer(token)).json()
            #expect((six["movingAverage"] as? [Any])?.isEmpty == true)
            let eight = try await client.execute(uri: "/api/v1/summaries?metric=bodyMass&from=2026-03-01&to=2026-03-08", method: .get, headers: .bearer(token)).json()
            let average = eight["movingAverage"] as? [[String: Any]] ?? []
            #expect(average.map { $0["day"] as? String } == ["2026-03-07", "2026-03-08"])
            #expect(average.map { $0["value"] as? Double } == [73, 74])
        }
    }

    @Test func unknownMetricAndBadDatesAreClearErrors() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let unknown = try await client.execute(uri: "/api/v1/summaries?metric=happiness", method: .get, headers: .bearer(token))
            #expect(unknown.errorCode == "unknown_metric")
            let badDate = try await client.execute(uri: "/api/v1/summaries?metric=steps&from=yesterday", method: .get, headers: .bearer(token))
            // `invalid_date`, as every endpoint answers an unreadable day (this one said `invalid_parameter` before).
            #expect(badDate.errorCode == "invalid_date")
            #expect(badDate.errorMessage == "from: “yesterday” is not a date; expected a date as YYYY-MM-DD.")
        }
    }
}
