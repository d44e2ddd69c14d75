import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// What Health Auto Export sends beyond the fields Kiroku has columns for: it is kept, never dropped.
/// The workouts follow the app's two JSON versions as documented (version 1: `activeEnergy`, `avgHeartRate`,
/// `elevation`, `lat`/`lon`; version 2: `id`, `location`, `intensity`, `heartRate {min, avg, max}`, `elevationUp`,
/// `heartRateRecovery`, per-minute series, `metadata`), written by hand.
@Suite("Health Auto Export keeps every field")
struct HealthAutoExportKeptFieldsTests {
    static let delivery = """
        {"data": {
          "metrics": [
            {"name": "blood_glucose", "units": "mg/dL", "data": [
              {"date": "2024-03-01 08:00:00 +0900", "qty": 101, "source": "Dexcom", "mealTime": "Before Meal"}]},
            {"name": "heart_rate", "units": "count/min", "data": [
              {"date": "2024-03-01 09:00:00 +0900", "Min": 58, "Avg": 72, "Max": 121, "source": "Apple Watch"}]}
          ],
          "workouts": [
            {"name": "Outdoor Walk", "start": "2024-03-01 18:00:00 +0900", "end": "2024-03-01 18:40:00 +0900", "duration": 2400,
             "distance": {"qty": 3.1, "units": "km"}, "activeEnergy": {"qty": 150, "units": "kcal"},
             "avgHeartRate": {"qty": 110, "units": "bpm"}, "maxHeartRate": {"qty": 140, "units": "bpm"},
             "elevation": {"ascent": 12.5, "descent": 10.1, "units": "m"},
             "temperature": {"qty": 12, "units": "degC"}, "humidity": {"qty": 60, "units": "%"}},
            {"id": "6E0C3E5A-0000-4000-8000-000000000001", "name": "Outdoor Run",
             "start": "2024-03-02 18:00:00 +0900", "end": "2024-03-02 18:30:00 +0900", "duration": 1800,
             "location": "Outdoor", "isIndoor": false,
             "activeEnergyBurned": {"qty": 300, "units": "kcal"}, "distance": {"qty": 5, "units": "km"},
             "intensity": {"qty": 9.1, "units": "kcal/hr·kg"}, "elevationUp": {"qty": 20, "units": "m"},
             "heartRate": {"min": {"qty": 95, "units": "count/min"}, "avg": {"qty": 150, "units": "count/min"},
                           "max": {"qty": 175, "units": "count/min"}},
             "heartRateRecovery": [{"date": "2024-03-02 18:31:00 +0900", "Min": 120, "Avg": 125, "Max": 130, "units": "count/min"}],
             "stepCount": [{"date": "2024-03-02 18:00:00 +0900", "qty": 160, "units": "count", "source": "Apple Watch"}],
             "metadata": {"HKWeatherTemperature": "14 degC"}}
          ]
        }}
        """

    /// Posts a delivery as the app does; answers its `records` and `workouts` counts.
    private func post(_ body: String, token: String, client: some TestClientProtocol) async throws -> [String: [String: Int]] {
        let headers: HTTPFields = [.init("api-key")!: token, .contentType: "application/json"]
        let response = try await client.execute(uri: "/api/v1/health-auto-export", method: .post, headers: headers, body: ByteBuffer(string: body))
        #expect(response.status == .ok)
        return try response.json().compactMapValues { $0 as? [String: Int] }
    }

    @Test("A workout's fields without a column (intensity, weather, elevation, series, metadata) are kept; a retry changes nothing")
    func workoutFieldsAreKept() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        let retry = try await server.test { client in
            _ = try await post(Self.delivery, token: token, client: client)
            return try await post(Self.delivery, token: token, client: client)
        }
        #expect(retry["workouts"] == ["inserted": 0, "updated": 0, "unchanged": 2])
        let workouts = try await server.database.workouts(userId: user.id!)
        let walk = try #require(workouts.first { $0.activityType == "Outdoor Walk" })
        let run = try #require(workouts.first { $0.activityType == "Outdoor Run" })
        let walkFields = try #require(try JSONSerialization.jsonObject(with: Data(walk.metadata.utf8)) as? [String: String])
        #expect(walkFields["temperature"] == #"{"qty":12,"units":"degC"}"#)
        #expect(walkFields["humidity"] == #"{"qty":60,"units":"%"}"#)
        #expect(walkFields["elevation"] == #"{"ascent":12.5,"descent":10.1,"units":"m"}"#)
        #expect(walkFields["avgHeartRate"] == #"{"qty":110,"units":"bpm"}"#)
        #expect(walkFields["activeEnergy"] == nil, "the total is the workout's energy column")
        let runFields = try #require(try JSONSerialization.jsonObject(with: Data(run.metadata.utf8)) as? [String: String])
        #expect(runFields["id"] == "6E0C3E5A-0000-4000-8000-000000000001")
        #expect(runFields["location"] == "Outdoor")
        #expect(runFields["isIndoor"] == "false")
        #expect(runFields["intensity"] == #"{"qty":9.1,"units":"kcal/hr·kg"}"#)
        #expect(runFields["elevationUp"] == #"{"qty":20,"units":"m"}"#)
        #expect(runFields["metadata"] == #"{"HKWeatherTemperature":"14 degC"}"#)
        #expect(runFields["heartRateRecovery"]?.contains(#""Avg":125"#) == true)
        #expect(runFields["stepCount"]?.contains(#""qty":160"#) == true)
        #expect(runFields["start"] == nil && runFields["distance"] == nil, "fields with a column are not repeated")

        // Without a heart-rate series the app's own summary is the workout's heart rate (shown on its page).
        let runHeart = try #require(Self.statistic("heartRate", of: run))
        #expect(runHeart["average"] as? Double == 150 && runHeart["minimum"] as? Double == 95 && runHeart["maximum"] as? Double == 175)
        let walkHeart = try #require(Self.statistic("heartRate", of: walk))
        #expect(walkHeart["average"] as? Double == 110 && walkHeart["maximum"] as? Double == 140)
    }

    @Test("A row's other fields (blood glucose's mealTime) are kept in its metadata")
    func rowFieldsAreKept() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        _ = try await server.test { client in try await post(Self.delivery, token: token, client: client) }
        let records = try await server.database.allRecords(userId: user.id!)
        #expect(records.first { $0.metric == "bloodGlucose" }?.metadata == ["mealTime": "Before Meal"])
        #expect(records.first { $0.metric == "heartRate" }?.metadata == ["min": "58", "max": "121"])
    }

    @Test("Heart rate's Max grows while its average stays: the row is updated, keeping its natural key")
    func rangeChangeWithTheSameAverageUpdates() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        let grown = Self.delivery.replacingOccurrences(of: #""Max": 121"#, with: #""Max": 135"#)
        let second = try await server.test { client in
            _ = try await post(Self.delivery, token: token, client: client)
            return try await post(grown, token: token, client: client)
        }
        #expect(second["records"] == ["inserted": 0, "updated": 1, "unchanged": 1])
        let records = try await server.database.allRecords(userId: user.id!)
        #expect(records.filter { $0.metric == "heartRate" }.map(\.metadata) == [["min": "58", "max": "135"]])
        let keyed = try await server.database.reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM healthRecord WHERE userId = ? AND naturalKey IS NOT NULL", arguments: [user.id!])
        }
        #expect(keyed == 2, "an Apple Health export holding the same sample still finds it")
    }

    private static func statistic(_ metric: String, of workout: HealthWorkoutRecord) -> [String: Any]? {
        let statistics = (try? JSONSerialization.jsonObject(with: Data(workout.statistics.utf8))) as? [[String: Any]]
        return statistics?.first { $0["metric"] as? String == metric }
    }
}
