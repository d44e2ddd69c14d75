import Foundation
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
}
