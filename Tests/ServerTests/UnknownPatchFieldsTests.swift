import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// Over real HTTP: a PATCH of Kiroku's own API refuses a member it does not read (a typo such as `valeu` used to
/// answer 200 and change nothing), naming it in both languages and changing nothing. What third-party apps post
/// (gateway batches, BulkTrack sets) stays tolerant of fields Kiroku does not know.
@Suite struct UnknownPatchFieldsTests {
    static func created(_ client: any TestClientProtocol, _ uri: String, token: String, _ body: [String: Any]) async throws -> [String: Any] {
        let response = try await client.execute(uri: uri, method: .post, headers: .bearer(token), body: jsonBody(body))
        #expect(response.status == .created, "\(uri): \(response.text)")
        return try response.json()
    }

    static func get(_ client: any TestClientProtocol, _ uri: String, token: String) async throws -> [String: Any] {
        try await client.execute(uri: uri, method: .get, headers: .bearer(token)).json()
    }

    @Test func everyOwnPatchRefusesAMemberItDoesNotRead() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.liveClient { client in
            let record = try await Self.created(client, "/api/v1/records", token: token, ["metric": "bodyMass", "value": 70, "start": "2026-11-20T07:30:00+09:00"])
            let recordId = try #require(record["id"] as? Int)
            try await BilingualRefusal.ask(client, "/api/v1/records/\(recordId)", method: .patch, token: token, body: ["valeu": 3]).expect(
                code: "unknown_field",
                ja: ["「valeu」は受け付けない項目です。使える項目: value、unit、start、end、metadata。"],
                en: ["Unknown field “valeu”: this request accepts value, unit, start, end, metadata."]
            )
            // A known member beside the typo is not applied either: the request is refused whole.
            try await BilingualRefusal.ask(client, "/api/v1/records/\(recordId)", method: .patch, token: token, body: ["value": 71, "metdata": ["a": "b"]]).expect(
                code: "unknown_field", ja: ["「metdata」"], en: ["“metdata”"]
            )
            let recordNow = try await Self.get(client, "/api/v1/records/\(recordId)", token: token)
            #expect(recordNow["value"] as? Double == 70 && recordNow["metadata"] as? [String: String] == nil)

            let goal = try await Self.created(client, "/api/v1/goals", token: token, ["metric": "stepCount", "direction": "atLeast", "target": 8000])
            let goalId = try #require(goal["id"] as? Int)
            try await BilingualRefusal.ask(client, "/api/v1/goals/\(goalId)", method: .patch, token: token, body: ["taget": 9000, "activ": false]).expect(
                code: "unknown_field",
                ja: ["「activ」、「taget」は受け付けない項目です。使える項目: target、active。"],
                en: ["Unknown fields “activ”, “taget”: this request accepts target, active."]
            )
            let goalNow = try await Self.get(client, "/api/v1/goals/\(goalId)", token: token)
            #expect(goalNow["target"] as? Double == 8000 && goalNow["active"] as? Bool == true)

            let task = try await Self.created(client, "/api/v1/tasks", token: token, ["title": "片付け", "steps": ["机"]])
            let taskId = try #require(task["id"] as? Int)
            let stepId = try #require((task["steps"] as? [[String: Any]])?.first?["id"] as? Int)
            try await BilingualRefusal.ask(client, "/api/v1/tasks/\(taskId)", method: .patch, token: token, body: ["titel": "掃除"]).expect(
                code: "unknown_field", ja: ["「titel」", "title、notes、dueDate、tags、archived"], en: ["“titel”", "title, notes, dueDate, tags, archived"]
            )
            try await BilingualRefusal.ask(client, "/api/v1/tasks/\(taskId)/steps/\(stepId)", method: .patch, token: token, body: ["don": true]).expect(
                code: "unknown_field", ja: ["「don」", "title、done"], en: ["“don”", "title, done"]
            )
            let taskNow = try await Self.get(client, "/api/v1/tasks/\(taskId)", token: token)
            #expect(taskNow["title"] as? String == "片付け")
            #expect((taskNow["steps"] as? [[String: Any]])?.first?["done"] as? Bool == false)

            try await BilingualRefusal.ask(client, "/api/v1/me", method: .patch, token: token, body: ["timezone": "Europe/Paris"]).expect(
                code: "unknown_field", ja: ["「timezone」", "timeZone"], en: ["“timezone”", "timeZone"]
            )
            #expect(try await Self.get(client, "/api/v1/me", token: token)["timeZone"] as? String == "Asia/Tokyo")

            // Every member a PATCH documents is still read.
            let changed = try await client.execute(
                uri: "/api/v1/records/\(recordId)", method: .patch, headers: .bearer(token),
                body: jsonBody(["value": 71, "unit": "kg", "start": "2026-11-20T07:30:00+09:00", "end": "2026-11-20T07:30:00+09:00", "metadata": ["scale": "home"]])
            )
            #expect(changed.status == .ok)
            #expect(try changed.json()["value"] as? Double == 71)
        }
    }

    @Test func bodiesThirdPartyAppsPostStayTolerant() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.liveClient { client in
            var sample = GatewayAPITests.sample()
            sample["fieldFromANewerApp"] = "kept quiet"
            let gateway = try await client.execute(
                uri: "/api/v1/health-data", method: .post, headers: GatewayAPITests.apiKey(token), body: GatewayAPITests.payload(samples: [sample])
            )
            #expect(gateway.status.code < 300, "\(gateway.text)")

            let phone = try await BulkTrackClient.device(client)
            let set = try await phone.logSet(Lifts.bench, 80, 5, at: "2026-11-16T10:00:00+09:00")
            let setId = try #require(set["id"] as? String)
            let patched = try await phone.call(.patch, "/v1/sets/\(setId)", body: ["weight": 85, "supersetId": "from a later app version"])
            #expect(patched.status == .ok, "\(patched.text)")
            #expect(try patched.json()["weight"] as? Double == 85)

            // Creating a record is not a PATCH: an extra member is still ignored there, as clients expect.
            let created = try await client.execute(
                uri: "/api/v1/records", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "stepCount", "value": 1000, "start": "2026-11-20T09:00:00+09:00", "note": "ignored"])
            )
            #expect(created.status == .created)
        }
        #expect(try await server.database.recordCount(userId: try #require(alice.id)) == 2)
    }
}
