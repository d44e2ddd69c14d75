import Foundation
import Health
import HealthImport
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// The Health Auto Export app's REST automation, as it posts (reference/requirements.md).
@Suite("Health Auto Export ingest")
struct HealthAutoExportTests {
    static var payload: [String: Any] { [
        "data": [
            "metrics": [
                ["name": "step_count", "units": "count", "data": [
                    ["date": "2024-01-15 00:00:00 +0900", "qty": 1234, "source": "iPhone"],
                    ["date": "2024-01-16 00:00:00 +0900", "qty": 4321, "source": "iPhone"],
                ]],
                ["name": "weight_body_mass", "units": "kg", "data": [["date": "2024-01-15 07:30:00 +0900", "qty": 70.2]]],
                ["name": "heart_rate", "units": "count/min", "data": [
                    ["date": "2024-01-15 08:00:00 +0900", "Min": 58, "Avg": 72.5, "Max": 121, "source": "Apple Watch"],
                ]],
                ["name": "blood_pressure", "units": "mmHg", "data": [["date": "2024-01-15 07:00:00 +0900", "systolic": 121, "diastolic": 79]]],
                ["name": "sleep_analysis", "units": "hr", "data": [[
                    "date": "2024-01-15 00:00:00 +0900", "asleep": 7.5, "inBed": 8, "core": 4, "deep": 1.5, "rem": 2, "awake": 0.3,
                    "sleepStart": "2024-01-14 23:30:00 +0900", "sleepEnd": "2024-01-15 07:00:00 +0900",
                    "inBedStart": "2024-01-14 23:00:00 +0900", "inBedEnd": "2024-01-15 07:00:00 +0900", "source": "Apple Watch",
                ]]],
                ["name": "sleep_analysis", "units": "hr", "data": [
                    ["startDate": "2024-01-16 00:00:00 +0900", "endDate": "2024-01-16 01:30:00 +0900", "value": "Core", "qty": 1.5, "source": "Apple Watch"],
                    ["startDate": "2024-01-16 01:30:00 +0900", "endDate": "2024-01-16 01:40:00 +0900", "value": "Awake", "qty": 0.17, "source": "Apple Watch"],
                ]],
                ["name": "mystery_metric", "units": "x", "data": [["date": "2024-01-15 00:00:00 +0900", "qty": 1]]],
            ],
            "workouts": [[
                "id": "A1B2", "name": "Outdoor Run", "start": "2024-01-15 18:00:00 +0900", "end": "2024-01-15 18:40:00 +0900",
                "duration": 2400, "activeEnergyBurned": ["qty": 350, "units": "kcal"], "distance": ["qty": 6.2, "units": "km"],
            ]],
        ],
    ] }

    @Test("Metrics of every shape and workouts are stored; a retry adds nothing; a changed value updates in place")
    func ingestIsIdempotent() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.test { client in
            let headers: HTTPFields = [.init("api-key")!: token, .contentType: "application/json", .init("automation-name")!: "Kiroku"]
            let first = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(Self.payload))
            #expect(first.status == .ok)
            let counts = try first.json()
            #expect((counts["records"] as? [String: Int])?["inserted"] == 9)
            #expect((counts["workouts"] as? [String: Int])?["inserted"] == 1)
            #expect((counts["skipped"] as? [String: Int]) == ["unknown_metric": 1, "not_sleep": 1])

            let retry = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(Self.payload))
            #expect((try retry.json()["records"] as? [String: Int]) == ["inserted": 0, "updated": 0, "unchanged": 9])
            #expect((try retry.json()["workouts"] as? [String: Int]) == ["inserted": 0, "updated": 0, "unchanged": 1])

            var grown = Self.payload
            var data = grown["data"] as! [String: Any]
            var metrics = data["metrics"] as! [[String: Any]]
            metrics[0]["data"] = [["date": "2024-01-16 00:00:00 +0900", "qty": 5000, "source": "iPhone"]]
            data["metrics"] = [metrics[0]]
            data["workouts"] = []
            grown["data"] = data
            let update = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(grown))
            #expect((try update.json()["records"] as? [String: Int]) == ["inserted": 0, "updated": 1, "unchanged": 0])

            let empty = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(["data": [:]]))
            #expect(empty.status == .ok)
            let noKey = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: [.contentType: "application/json"], body: jsonBody(Self.payload))
            #expect(noKey.status == .unauthorized)
            let wrongKey = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: [.init("api-key")!: "nope"], body: jsonBody(Self.payload))
            #expect(wrongKey.status == .unauthorized)
        }
        let records = try await server.database.allRecords(userId: user.id!)
        #expect(records.count == 9)
        let byMetric = Dictionary(grouping: records, by: \.metric)
        #expect(byMetric["stepCount"]?.map(\.value).sorted() == [1234, 5000])
        #expect(byMetric["heartRate"]?.first?.value == 72.5)
        #expect(byMetric["heartRate"]?.first?.metadata == ["min": "58", "max": "121"])
        #expect(byMetric["bloodPressureSystolic"]?.first?.value == 121)
        #expect(byMetric["bloodPressureDiastolic"]?.first?.value == 79)
        #expect(byMetric["sleepAnalysis"]?.map(\.value).sorted() == [90, 450])
        #expect(byMetric["timeInBed"]?.first?.value == 480)
        #expect(records.allSatisfy { $0.source == "health-auto-export" })
        let workouts = try await server.database.workouts(userId: user.id!)
        #expect(workouts.count == 1)
        #expect(workouts.first?.durationMinutes == 40)
        #expect(workouts.first?.distanceMeters == 6200)
        #expect(workouts.first?.energyKcal == 350)
    }

    /// The app's JSON, written by hand: what it sends when a row or a field is not what it should be.
    static let untidy = Data("""
        {"data": {"metrics": [
          {"name": "step_count", "units": "count", "data": [
            {"date": "2024-02-01 00:00:00 +0900", "qty": 100, "source": "iPhone"},
            null,
            "not a row",
            {"date": "2024-02-02 00:00:00 +0900", "qty": "200", "source": "iPhone"},
            {"date": "2024-02-03 00:00:00 +0900", "qty": true, "source": "iPhone"},
            {"date": "2024-02-04 00:00:00 +0900", "qty": 400, "source": "iPhone"}
          ]},
          42,
          {"name": "heart_rate", "units": "count/min", "data": [{"date": "2024-02-01 08:00:00 +0900", "Avg": "71", "Min": 60, "Max": "90"}]}
        ], "workouts": "none"}}
        """.utf8)

    @Test("Rows that are not rows and fields of the wrong type are left out; the rest of the delivery is stored")
    func untidyRowsDoNotLoseTheRest() throws {
        var stream = HealthAutoExportStream(now: Date())
        try stream.feed(Self.untidy)
        try stream.finish()
        #expect(stream.rowCount == 5, "two step rows were not objects; the 42 is not a metric")
        let samples = stream.takeSamples()
        #expect(samples.map(\.sample.value) == [100, 200, 400, 71])
        #expect(samples.last?.sample.metadata == ["min": "60", "max": "90"])
        #expect(stream.skipped == ["bad_value": 1])
        #expect(stream.workouts.isEmpty)
        #expect(stream.takeSamples().isEmpty)
    }

    @Test("Read a byte at a time or whole, a delivery gives the same samples; rows before their metric's name wait for it")
    func chunkingDoesNotChangeTheResult() throws {
        let body = Data(#"{"data": {"metrics": [{"data": [{"date": "2024-02-01 08:00:00 +0900", "qty": "3.5"}], "units": "km", "name": "walking_running_distance"}, {"name": "step_count", "units": "count", "data": [{"date": "2024-02-01 00:00:00 +0900", "qty": 12, "source": "Taro\u2019s iPhone \ud83d\udc5f"}]}]}}"#.utf8)
        var whole = HealthAutoExportStream(now: Date())
        try whole.feed(body)
        try whole.finish()
        var bytewise = HealthAutoExportStream(now: Date())
        for byte in body { try bytewise.feed([byte]) }
        try bytewise.finish()
        let expected = whole.takeSamples()
        #expect(expected.map(\.sample.metric) == ["distanceWalkingRunning", "stepCount"])
        #expect(expected.map(\.sample.value) == [3500, 12])
        #expect(expected.last?.sample.sourceName == "Taro\u{2019}s iPhone \u{1F45F}")
        #expect(bytewise.takeSamples().map(\.externalId) == expected.map(\.externalId))
    }

    @Test("A body that is not one whole JSON object is refused with where it went wrong, and nothing is stored")
    func brokenDeliveriesChangeNothing() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        let good = try JSONSerialization.data(withJSONObject: Self.payload)
        try await server.test { client in
            let headers: HTTPFields = [.init("api-key")!: token, .contentType: "application/json", .acceptLanguage: "en"]
            for (body, detail) in [
                (good.prefix(good.count - 3), "the document ends before it is complete"),
                (Data("[1, 2]".utf8), "not a JSON object"),
                (good + Data("garbage".utf8), "unexpected content after the document"),
                (Data(#"{"data": {"metrics": [{"name": "step_count", "data": [{"qty": 01}]}]}}"#.utf8), "is not a JSON value"),
                (Data(#"{"data": {"metrics": [], "workouts": [], "metrics": []}}"#.utf8), "the key “metrics” appears twice in one object"),
            ] {
                let answer = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: ByteBuffer(bytes: Array(body)))
                #expect(answer.status == .badRequest)
                let message = (try answer.json()["error"] as? [String: Any])?["message"] as? String ?? ""
                #expect(message.contains(detail), "\(message)")
            }
            let japanese = try await client.execute(uri: "/api/v1/health-auto-export", method: .post,
                                                    headers: [.init("api-key")!: token, .contentType: "application/json", .acceptLanguage: "ja"], body: ByteBuffer(string: #"{"data": {"#))
            let message = (try japanese.json()["error"] as? [String: Any])?["message"] as? String ?? ""
            #expect(message.contains("文書が途中で終わっています（10 バイト目）"), "\(message)")
        }
        #expect(try await server.database.allRecords(userId: user.id!).isEmpty, "the complete rows before the fault were not stored")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: server.configuration.dataDirectory.appendingPathComponent("imports").path)
        #expect(leftovers.isEmpty, "each delivery's copy on disk is removed")
    }

    @Test("A backfill larger than one transaction is stored batch by batch, and its retry changes nothing")
    func backfillIsCommittedInBatches() async throws {
        let database = try AppDatabase.temporary()
        let userId = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date())).id!
        var rows: [String] = []
        for minute in 0..<23 {
            rows.append(#"{"date": "2024-03-01 10:\#(String(format: "%02d", minute)):00 +0900", "Min": 60, "Avg": \#(70 + minute), "Max": 99, "source": "Apple Watch"}"#)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kiroku-hae-\(UUID().uuidString).json")
        try Data(#"{"data": {"metrics": [{"name": "heart_rate", "units": "count/min", "data": [\#(rows.joined(separator: ","))]}]}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let ingest = HealthAutoExportIngest(database: database, batchSize: 5)
        let first = try await ingest.store(file: file, userId: userId, now: Date())
        #expect(first.records == UpsertCounts(inserted: 23))
        let stored = try await database.allRecords(userId: userId)
        #expect(stored.map(\.value) == (0..<23).map { Double(70 + $0) })
        let retry = try await ingest.store(file: file, userId: userId, now: Date())
        #expect(retry.records == UpsertCounts(unchanged: 23))
        #expect(try await database.allRecords(userId: userId).count == 23)
    }
}
