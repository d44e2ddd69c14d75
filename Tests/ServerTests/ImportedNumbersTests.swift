import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Numbers no measurement has — NaN, infinities, 1e400, 1e300 — in an import. Each one used to stop the server: the
/// sample's natural key turned the value into an integer, which traps. Now the non-finite ones are skipped as bad
/// values, the merely huge ones import, and the server answers the next request.
@Suite struct ImportedNumbersTests {
    @Test func healthAutoExportSkipsNonFiniteValuesAndTheServerStaysUp() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("hanako")
        try await server.test { client in
            let delivery = #"""
                {"data": {"metrics": [
                  {"name": "step_count", "units": "count", "data": [
                    {"date": "2024-01-15 00:00:00 +0900", "qty": "Infinity"}, {"date": "2024-01-15 01:00:00 +0900", "qty": "NaN"},
                    {"date": "2024-01-15 02:00:00 +0900", "qty": 1e400}, {"date": "2024-01-15 03:00:00 +0900", "qty": 1e300}]},
                  {"name": "heart_rate", "units": "count/min", "data": [
                    {"date": "2024-01-15 08:00:00 +0900", "Min": 1e300, "Avg": 72, "Max": "-Infinity"}]}],
                 "workouts": [{"name": "Run", "start": "2024-01-15 18:00:00 +0900", "end": "2024-01-15 18:40:00 +0900",
                   "duration": "inf", "distance": {"qty": 1e400, "units": "km"}}]}}
                """#
            let answer = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: .bearer(token), body: ByteBuffer(string: delivery))
            #expect(answer.status == .ok)
            let body = try answer.json()
            #expect((body["keptRaw"] as? [String: Int])?["bad_value"] == 3, "kept raw, not dropped")
            #expect((body["records"] as? [String: Int])?["inserted"] == 2, "1e300 steps and the heart rate")
            #expect((body["workouts"] as? [String: Int])?["inserted"] == 1, "the workout, without its impossible duration and distance")
            let records = try await client.execute(uri: "/api/v1/records?limit=100", method: .get, headers: .bearer(token))
            #expect(records.status == .ok)
        }
    }

    @Test func anAppleHealthRecordValuedInfIsSkippedAndTheImportSucceeds() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("hanako")
        let record = { (value: String, minute: Int) in
            #"<Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2024-03-01 07:\#(minute):00 +0900" endDate="2024-03-01 07:\#(minute):00 +0900" value="\#(value)"/>"#
        }
        let export = "<HealthData locale=\"en_US\">\n" + [record("inf", 10), record("nan", 11), record("1e300", 12), record("70.5", 13)].joined(separator: "\n") + "\n</HealthData>\n"
        try await server.test(configuration: ImportsAPITests.configuration()) { client in
            var headers = HTTPFields.bearer(token)
            headers[.contentType] = "application/xml"
            let created = try await client.execute(uri: "/api/v1/imports?name=export.xml", method: .post, headers: headers, body: ByteBuffer(string: export))
            let job = try await ImportsAPITests.finished(client, id: try #require(try created.json()["id"] as? Int), token: token)
            #expect(job["state"] as? String == "succeeded")
            #expect((job["total"] as? [String: Int])?["imported"] == 4, "two samples and the two unreadable values kept raw")
            #expect((job["total"] as? [String: Int])?["skipped"] == 0)
            #expect((job["keptRawReasons"] as? [String: Int])?["bad_value"] == 2)
        }
    }
}
