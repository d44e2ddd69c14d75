import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct BulkTrackExercisesTests {
    @Test func prefixSearchInTheRequestedLanguageWithPaging() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            let english = try await phone.call(.get, "/v1/exercises?q=bench").v1Array()
            #expect(english.map { $0["name"] as? String } == ["Bench Press"])
            #expect(Set(english[0].keys) == ["id", "name", "isOfficial", "lastUsedAt", "useCount"])
            #expect(english[0]["isOfficial"] as? Bool == true && english[0]["lastUsedAt"] is NSNull && english[0]["useCount"] is NSNull)
            phone.language = "ja"
            let japanese = try await phone.call(.get, "/v1/exercises?q=%E3%83%99%E3%83%B3%E3%83%81").v1Array()  // ベンチ
            #expect(japanese.map { $0["name"] as? String } == ["ベンチプレス"])
            phone.language = "en"
            let all = try await phone.call(.get, "/v1/exercises?limit=100").v1Array()
            #expect(all.count >= 60)
            let page2 = try await phone.call(.get, "/v1/exercises?limit=20&offset=20").v1Array()
            #expect(page2.map { $0["id"] as? String } == all[20..<40].map { $0["id"] as? String })
            #expect(try await phone.call(.get, "/v1/exercises?limit=0").v1Array().isEmpty, "the contract sets no lower bound")
            // The app's own request for its whole catalogue.
            let catalogue = try await phone.call(.get, "/v1/exercises?limit=200&offset=0")
            #expect(catalogue.status == .ok)
            #expect(try catalogue.v1Array().count == all.count, "every exercise in one page")
            #expect(try await phone.call(.get, "/v1/exercises?limit=1001").status == .badRequest, "Kiroku's own bound")
            #expect(try await phone.call(.get, "/v1/me/exercises/recent?limit=101").status == .badRequest)
        }
    }

    @Test func customExercisesAreTheOwnersOnly() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let created = try await phone.call(.post, "/v1/exercises", body: ["name": "Zercher Squat"])
            #expect(created.status == .created)
            let exercise = try created.json()
            #expect(exercise["isOfficial"] as? Bool == false && exercise["name"] as? String == "Zercher Squat")
            let id = try #require(exercise["id"] as? String)
            #expect(try await phone.call(.get, "/v1/exercises?q=zer").v1Array().map { $0["id"] as? String } == [id])
            #expect(try await phone.logSet(id, 60, 5, at: WorkoutTime.now())["exerciseId"] as? String == id)

            let other = try await BulkTrackClient.device(client)
            #expect(try await other.call(.get, "/v1/exercises?q=zer").v1Array().isEmpty)
            let refused = try await other.call(.post, "/v1/sets", body: ["exerciseId": id, "weight": 60, "reps": 5, "performedAt": WorkoutTime.now()])
            #expect(refused.status == .badRequest && refused.contractError?.code == "unknown_exercise")
            // Also what a phone whose cached list still has a deleted exercise is told: what to do about it.
            #expect(refused.contractError?.message.contains("Reload the exercise list and pick again.") == true, "\(String(describing: refused.contractError))")
            // The same name again: the contract's 201, with the exercise the caller already has.
            let again = try await phone.call(.post, "/v1/exercises", body: ["name": "Zercher Squat"])
            #expect(again.status == .created)
            #expect(try again.json()["id"] as? String == id)
            let blank = try await phone.call(.post, "/v1/exercises", body: ["name": "  "])
            #expect(blank.status == .badRequest && blank.contractError?.code == "invalid_name")
        }
    }

    @Test func recentExercisesMostRecentFirstWithUsage() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now(minus: 300))
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now(minus: 200))
            try await Task.sleep(for: .milliseconds(20))
            _ = try await phone.logSet(Lifts.squat, 100, 5, at: WorkoutTime.now(minus: 100))
            let recent = try await phone.call(.get, "/v1/me/exercises/recent").v1Array()
            #expect(recent.map { $0["id"] as? String } == [Lifts.squat, Lifts.bench])
            #expect(recent.map { $0["useCount"] as? Int } == [1, 2])
            #expect(recent[0]["lastUsedAt"] is String)
            #expect(try await phone.call(.get, "/v1/me/exercises/recent?limit=1&offset=1").v1Array().map { $0["id"] as? String } == [Lifts.bench])
        }
    }
}

@Suite struct BulkTrackDashboardTests {
    @Test func dashboardWeeksVolumesAndBodyWeight() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let alice = BulkTrackClient(client: client, accessToken: token)
            _ = try await alice.logSet(Lifts.bench, 100, 5, at: WorkoutTime.now(minus: 60))
            _ = try await alice.logSet(Lifts.bench, 80, 10, at: WorkoutTime.now(minus: 30))
            _ = try await alice.logSet(Lifts.squat, 120, 3, at: WorkoutTime.now(minus: 7 * 86_400))
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "bodyMass", "value": 70.4, "start": WorkoutTime.now(minus: 120)]))
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "bodyMass", "value": 70.0, "start": WorkoutTime.now(minus: 7200)]))

            let oneWeek = try await alice.call(.get, "/v1/dashboard").json()
            #expect(Set(oneWeek.keys) == ["thisWeek", "lastWeek", "trend", "muscleGroups", "metrics"])
            let thisWeek = try #require(oneWeek["thisWeek"] as? [String: Any])
            #expect(Set(thisWeek.keys) == ["weekStart", "totalVolume", "avgSetVolume", "e1rmAvg"])
            #expect(thisWeek["totalVolume"] as? Double == 1300 && thisWeek["avgSetVolume"] as? Double == 650)
            #expect(abs((thisWeek["e1rmAvg"] as? Double ?? 0) - 112.5) < 1e-6, "Epley on mean weight 90 × mean reps 7.5")
            #expect((oneWeek["lastWeek"] as? [String: Any])?["totalVolume"] as? Double == 360)
            #expect((oneWeek["trend"] as? [Any])?.count == 1)

            let year = try await alice.call(.get, "/v1/dashboard?span=52w").json()
            let trend = try #require(year["trend"] as? [[String: Any]])
            #expect(trend.count == 52)
            #expect(trend.filter { ($0["totalVolume"] as? Double ?? 0) > 0 }.count == 2)
            #expect(trend.first?["e1rmAvg"] is NSNull && trend.first?["totalVolume"] as? Double == 0)
            let mondays = trend.compactMap { $0["weekStart"] as? String }
            #expect(mondays == mondays.sorted() && mondays.last == thisWeek["weekStart"] as? String)
            let groups = try #require(year["muscleGroups"] as? [[String: Any]])
            let chest = try #require(groups.first { $0["muscleGroupId"] as? Int == 1 })
            #expect(chest["groupName"] as? String == "Chest")
            let chestPoints = try #require(chest["points"] as? [[String: Any]])
            #expect(chestPoints.count == 52 && chestPoints.last?["totalVolume"] as? Double == 780 && chestPoints.last?["setCount"] as? Int == 2)
            let metrics = try #require(year["metrics"] as? [[String: Any]])
            #expect(metrics.first?["metricKey"] as? String == "body_weight" && metrics.first?["unit"] as? String == "kg")
            let weights = try #require(metrics.first?["points"] as? [[String: Any]])
            #expect(weights.count >= 1)
            #expect(abs((weights.last?["value"] as? Double ?? 0) - 70.2) < 0.3)

            for span in ["4w", "8w", "12w", "24w"] {
                #expect((try await alice.call(.get, "/v1/dashboard?span=\(span)").json()["trend"] as? [Any])?.count == Int(span.dropLast()))
            }
            let bad = try await alice.call(.get, "/v1/dashboard?span=3w")
            #expect(bad.status == .badRequest && bad.contractError?.code == "invalid_parameter")
        }
    }

    @Test func otherUsersTrainingNeverShows() async throws {
        let server = try TestServer()
        try await server.test { client in
            let alice = try await BulkTrackClient.device(client)
            let bob = try await BulkTrackClient.device(client)
            _ = try await alice.logSet(Lifts.bench, 100, 5, at: WorkoutTime.now(minus: 60))
            let dashboard = try await bob.call(.get, "/v1/dashboard?span=52w").json()
            #expect((dashboard["thisWeek"] as? [String: Any])?["totalVolume"] as? Double == 0)
            #expect((dashboard["muscleGroups"] as? [Any])?.isEmpty == true)
            #expect(try await bob.call(.get, "/v1/me/workouts").v1Array().isEmpty)
        }
    }

    @Test func historyListAndDayDetail() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            _ = try await phone.logSet(Lifts.squat, 100, 5, at: "2026-11-16T10:00:00+09:00")
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: "2026-11-16T10:30:00+09:00")
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: "2026-11-16T10:35:00+09:00")
            _ = try await phone.logSet(Lifts.bench, 60, 10, at: "2026-11-18T10:00:00+09:00")
            let days = try await phone.call(.get, "/v1/me/workouts").v1Array()
            #expect(days.map { $0["date"] as? String } == ["2026-11-18", "2026-11-16"])
            let monday = days[1]
            #expect(Set(monday.keys) == ["date", "exercises", "totalVolume", "avgRM", "setCount"])
            #expect(monday["totalVolume"] as? Double == 1300 && monday["setCount"] as? Int == 3)
            #expect((monday["exercises"] as? [[String: Any]])?.map { $0["exerciseName"] as? String } == ["Squat", "Bench Press"])
            #expect(try await phone.call(.get, "/v1/me/workouts?limit=1&offset=1").v1Array().map { $0["date"] as? String } == ["2026-11-16"])
            #expect(try await phone.call(.get, "/v1/me/workouts?limit=101").status == .badRequest)

            let detail = try await phone.call(.get, "/v1/me/workouts/2026-11-16").json()
            #expect(Set(detail.keys) == ["date", "totalVolume", "avgRM", "exercises"])
            let exercises = try #require(detail["exercises"] as? [[String: Any]])
            #expect(exercises.count == 2)
            let bench = exercises[1]
            #expect(bench["totalVolume"] as? Double == 800 && (bench["sets"] as? [Any])?.count == 2)
            let breakdown = try #require(bench["muscleVolumeBreakdown"] as? [[String: Any]])
            #expect(Set(breakdown[0].keys) == ["muscleGroupId", "muscleGroupName", "effectiveVolume"])
            #expect(breakdown.first { $0["muscleGroupId"] as? Int == 1 }?["effectiveVolume"] as? Double == 480)
            #expect(breakdown.reduce(0) { $0 + ($1["effectiveVolume"] as? Double ?? 0) } == 800)

            let empty = try await phone.call(.get, "/v1/me/workouts/2026-11-17")
            #expect(empty.status == .notFound && empty.contractError?.code == "not_found")
            #expect(try await phone.call(.get, "/v1/me/workouts/yesterday").status == .badRequest)
        }
    }

    @Test func anUnknownV1PathAnswersInTheContractShape() async throws {
        let server = try TestServer()
        try await server.test { client in
            let response = try await client.execute(uri: "/v1/nothing-here", method: .get)
            #expect(response.status == .notFound)
            #expect(response.contractError?.code == "no_such_route")
        }
    }
}
