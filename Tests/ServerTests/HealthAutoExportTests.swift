import Foundation
import Health
import HealthImport
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing
import TestSupport

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
            #expect((counts["skipped"] as? [String: Int]) == [:])
            #expect((counts["keptRaw"] as? [String: Int]) == ["unknown_type": 1, "no_metric": 1], "nothing is dropped")
            #expect(counts["rawStored"] as? Int == 2)

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
        #expect(stream.skipped.isEmpty)
        #expect(stream.keptRaw == ["bad_value": 1], "the row whose qty is `true` is kept raw")
        #expect(stream.takeRawItems().first?.attributes["qty"] == "true")
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
                (Data(#"{"data": {"metrics": 15210315502, "workouts": []}}"#.utf8), "“data.metrics” must be an array"),
                (Data(#"{"data": {"metrics": [], "workouts": false}}"#.utf8), "“data.workouts” must be an array"),
                (Data(#"{"data": [1]}"#.utf8), "“data” must be an object"),
                (Data(#"{"data": {"metrics": [], "workouts": [7]}}"#.utf8), "“data.workouts[]” must be an object"),
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
        let file = TestFiles.directory.appendingPathComponent("kiroku-hae-\(UUID().uuidString).json")
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

    /// Written from the app's documented iOS 16+ sleep shape: `asleep` is 0, the night is `totalSleep` split into
    /// `core`/`deep`/`rem`, with `awake`, `sleepSource` and `inBedSource`; and metrics the catalog lacks.
    static let iOS16Delivery = Data("""
        {"data": {"metrics": [
          {"name": "sleep_analysis", "units": "hr", "data": [
            {"date": "2024-03-10 00:00:00 +0900", "asleep": 0, "totalSleep": 6.75, "core": 3.5, "deep": 1.25, "rem": 2,
             "awake": 0.4, "inBed": 7.5, "sleepStart": "2024-03-09 23:40:00 +0900", "sleepEnd": "2024-03-10 06:50:00 +0900",
             "inBedStart": "2024-03-09 23:20:00 +0900", "inBedEnd": "2024-03-10 06:50:00 +0900",
             "sleepSource": "Apple Watch", "inBedSource": "iPhone"},
            {"date": "2024-03-11 00:00:00 +0900", "asleep": 0, "core": 3, "deep": 1, "rem": 1.5, "awake": 0.2,
             "sleepStart": "2024-03-10 23:40:00 +0900", "sleepEnd": "2024-03-11 06:00:00 +0900", "sleepSource": "Apple Watch"}
          ]},
          {"name": "sleep_analysis", "units": "hr", "data": [
            {"startDate": "2024-03-12 00:00:00 +0900", "endDate": "2024-03-12 02:00:00 +0900", "value": "Deep", "qty": 2, "source": "Apple Watch"},
            {"startDate": "2024-03-12 02:00:00 +0900", "endDate": "2024-03-12 02:15:00 +0900", "value": "Awake", "qty": 0.25, "source": "Apple Watch"},
            {"startDate": "2024-03-12 02:15:00 +0900", "endDate": "2024-03-12 03:45:00 +0900", "value": "REM", "qty": 1.5, "source": "Apple Watch"}
          ]},
          {"name": "apple_stand_hour", "units": "count", "data": [{"date": "2024-03-10 10:00:00 +0900", "qty": 1, "source": "Apple Watch"}]},
          {"name": "walking_speed", "units": "km/hr", "data": [{"date": "2024-03-10 00:00:00 +0900", "qty": 4.6, "source": "iPhone"}]},
          {"name": "time_in_daylight", "units": "min", "data": [{"date": "2024-03-10 00:00:00 +0900", "qty": 42}]},
          {"name": "headphone_audio_exposure", "units": "dBASPL", "data": [{"date": "2024-03-10 00:00:00 +0900", "qty": 71.3}]},
          {"name": "physical_effort", "units": "kcal/hr·kg", "data": [{"date": "2024-03-10 00:00:00 +0900", "qty": 3.1}]},
          {"name": "number_of_times_fallen", "units": "count", "data": [{"date": "2024-03-10 00:00:00 +0900", "qty": 0}]},
          {"name": "apple_exercise_time", "units": "min", "data": [{"date": "2024-03-10 00:00:00 +0900", "qty": 31}]},
          {"name": "walking_heart_rate_average", "units": "count/min", "data": [{"date": "2024-03-10 00:00:00 +0900", "qty": 98}]},
          {"name": "weight_body_mass", "units": "furlongs", "data": [{"date": "2024-03-10 07:00:00 +0900", "qty": 70}]}
        ]}}
        """.utf8)

    @Test("A night with a few unstaged minutes in asleep and the whole night in totalSleep is stored as the whole night")
    func totalSleepOverUnstagedAsleep() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        // A Watch night that a third-party sleep app also wrote: 0.4 h "Asleep, unspecified", 7.1 h in all.
        // The next night is an older app version's shape, with only asleep.
        let delivery = Data("""
            {"data": {"metrics": [{"name": "sleep_analysis", "units": "hr", "data": [
              {"date": "2024-03-10 00:00:00 +0900", "asleep": 0.4, "totalSleep": 7.1, "core": 4, "deep": 1.2, "rem": 1.5,
               "sleepStart": "2024-03-09 23:30:00 +0900", "sleepEnd": "2024-03-10 06:50:00 +0900", "sleepSource": "Apple Watch"},
              {"date": "2024-03-11 00:00:00 +0900", "asleep": 7, "inBed": 7.5,
               "sleepStart": "2024-03-10 23:30:00 +0900", "sleepEnd": "2024-03-11 06:30:00 +0900", "source": "iPhone"}
            ]}]}}
            """.utf8)
        try await server.test { client in
            let headers: HTTPFields = [.init("api-key")!: token, .contentType: "application/json"]
            let response = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: ByteBuffer(bytes: delivery))
            #expect(response.status == .ok)
        }
        let sleep = try await server.database.allRecords(userId: user.id!)
            .filter { $0.metric == "sleepAnalysis" }.sorted { $0.startAt < $1.startAt }
        #expect(sleep.map(\.value) == [426, 420], "7.1 h from totalSleep, not the 0.4 h of asleep; then 7 h of asleep")
        #expect(sleep.first?.metadata?["asleep"] == "0.4", "the unstaged part is kept beside the stages")
    }

    @Test("iOS 16+ aggregated and per-segment sleep store the night; unknown metrics and Awake segments are kept raw")
    func iOS16SleepAndUnknownMetrics() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.test { client in
            let headers: HTTPFields = [.init("api-key")!: token, .contentType: "application/json"]
            let response = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: ByteBuffer(bytes: Self.iOS16Delivery))
            #expect(response.status == .ok)
            let counts = try response.json()
            #expect((counts["keptRaw"] as? [String: Int]) == ["unknown_type": 6, "no_metric": 1, "unknown_unit": 1])
            #expect((counts["records"] as? [String: Int])?["inserted"] == 7)
            let retry = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: ByteBuffer(bytes: Self.iOS16Delivery))
            #expect(try retry.json()["rawStored"] as? Int == 0, "a retry keeps nothing twice")
        }
        let records = try await server.database.allRecords(userId: user.id!)
        let sleep = records.filter { $0.metric == "sleepAnalysis" }.sorted { $0.startAt < $1.startAt }
        // 6.75 h of totalSleep; the next night has no total, so core + deep + rem; then two segments.
        #expect(sleep.map(\.value) == [405, 330, 120, 90])
        #expect(sleep[0].sourceName == "Apple Watch")
        #expect(sleep[0].metadata?["core"] == "3.5" && sleep[0].metadata?["deep"] == "1.25" && sleep[0].metadata?["rem"] == "2")
        #expect(sleep[0].metadata?["awake"] == "0.4")
        let inBed = try #require(records.first { $0.metric == "timeInBed" })
        #expect(inBed.value == 450 && inBed.sourceName == "iPhone")
        #expect(records.first { $0.metric == "exerciseTime" }?.value == 31)
        #expect(records.first { $0.metric == "walkingHeartRateAverage" }?.value == 98)

        let raw = try await server.database.rawItems(userId: user.id!)
        #expect(Set(raw.map(\.type)) == [
            "apple_stand_hour", "walking_speed", "time_in_daylight", "headphone_audio_exposure", "physical_effort",
            "number_of_times_fallen", "sleep_analysis", "weight_body_mass",
        ])
        let speed = try #require(raw.first { $0.type == "walking_speed" })
        #expect(speed.value == "4.6" && speed.unit == "km/hr" && speed.sourceName == "iPhone")
        #expect(speed.metadata.contains("unknown_type"))
        let awake = try #require(raw.first { $0.type == "sleep_analysis" })
        #expect(awake.attributes.contains("Awake") && awake.metadata.contains("no_metric"))
        #expect(raw.first { $0.type == "weight_body_mass" }?.unit == "furlongs")
    }

    /// One auth precedence for every token-taking route: a key header decides, so a wrong `api-key` is refused even
    /// beside a valid bearer token.
    @Test func aWrongApiKeyIsRefusedEvenWithAValidBearerToken() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.test { client in
            var headers: HTTPFields = [.init("api-key")!: "krk_wrong", .contentType: "application/json"]
            headers[.authorization] = "Bearer \(token)"
            let refused = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(Self.payload))
            #expect(refused.status == .unauthorized)
            headers[.init("api-key")!] = ""
            let empty = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: jsonBody(Self.payload))
            #expect(empty.status == .unauthorized, "an empty key is a wrong key, not an absent one")
            let bearer: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let accepted = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: bearer, body: jsonBody(Self.payload))
            #expect(accepted.status == .ok)
            var gatewayHeaders: HTTPFields = [.init("X-API-Key")!: "krk_wrong", .contentType: "application/json"]
            gatewayHeaders[.authorization] = "Bearer \(token)"
            let gateway = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: gatewayHeaders, body: GatewayAPITests.payload(samples: [GatewayAPITests.sample()]))
            #expect(gateway.status == .unauthorized)
            // The same order on every token-taking route, not only the phone apps' ones.
            var recordsHeaders: HTTPFields = [.init("X-API-Key")!: "krk_wrong"]
            recordsHeaders[.authorization] = "Bearer \(token)"
            #expect(try await client.execute(uri: "/api/v1/records", method: .get, headers: recordsHeaders).status == .unauthorized)
            #expect(try await client.execute(uri: "/api/v1/records", method: .get, headers: [.init("api-key")!: token]).status == .ok)
        }
        #expect(try await server.database.allRecords(userId: user.id!).count == 9)
    }
}
