import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// Over real HTTP: a refused query or body parameter is named together with what it accepts, in Japanese and in
/// English, and the refusal changes nothing.
@Suite struct ParameterRefusalTests {
    @Test func refusedQueryParametersSayWhatTheyAccept() async throws {
        let server = try TestServer(clock: TrendsAPITests.now)
        let (_, token) = try await server.user("alice")
        try await server.liveClient { client in
            try await BilingualRefusal.ask(client, "/api/v1/summaries?from=2026-11-01", token: token).expect(
                code: "invalid_parameter",
                ja: ["metric: 記録項目の ID（bodyMass、stepCount など"], en: ["metric: expected a metric id such as bodyMass or stepCount"]
            )
            // An unreadable day is `invalid_date` here as on every other endpoint (it was `invalid_parameter`).
            try await BilingualRefusal.ask(client, "/api/v1/summaries?metric=steps&from=yesterday", token: token).expect(
                code: "invalid_date",
                ja: ["from: 「yesterday」は日付として読み取れません。日付は YYYY-MM-DD で指定してください。"],
                en: ["from: “yesterday” is not a date; expected a date as YYYY-MM-DD."]
            )
            try await BilingualRefusal.ask(client, "/api/v1/summaries?metric=steps&from=2000-01-01&to=2026-11-01", token: token).expect(
                code: "invalid_period", ja: ["from〜to は最長 3660 日"], en: ["from–to may span at most 3660 days"]
            )
            try await BilingualRefusal.ask(client, "/api/v1/records?limit=0", token: token).expect(
                code: "invalid_parameter", ja: ["limit: 1〜1000 の整数で指定してください。"], en: ["limit: expected a whole number from 1 to 1000."]
            )
            try await BilingualRefusal.ask(client, "/api/v1/tasks/statistics?days=0", token: token).expect(
                code: "invalid_parameter", ja: ["days: 1〜3660 の整数"], en: ["days: expected a whole number from 1 to 3660."]
            )
            try await BilingualRefusal.ask(client, "/api/v1/tasks?filter=soon", token: token).expect(
                code: "invalid_parameter",
                ja: ["filter: all、in-progress、completed、due-soon、archived のいずれか"],
                en: ["filter: expected one of: all, in-progress, completed, due-soon, archived."]
            )
            try await BilingualRefusal.ask(client, "/api/v1/export?format=xml", token: token).expect(
                code: "invalid_parameter", ja: ["format: json、csv のいずれかを指定してください。"], en: ["format: expected one of: json, csv."]
            )
            try await BilingualRefusal.ask(client, "/api/stores?lat=35&lon=200", token: token).expect(
                code: "invalid_parameter", ja: ["lon: -180〜180 の数値"], en: ["lon: expected a number from -180 to 180."]
            )
        }
    }

    @Test func refusedGoalFieldsSayWhatTheyAcceptAndChangeNothing() async throws {
        let server = try TestServer(clock: TrendsAPITests.now)
        let (alice, token) = try await server.user("alice")
        let userId = try #require(alice.id)
        try await server.liveClient { client in
            let sideways: [String: Any] = ["metric": "stepCount", "direction": "sideways", "target": 8000]
            try await BilingualRefusal.ask(client, "/api/v1/goals", method: .post, token: token, body: sideways).expect(
                code: "invalid_parameter",
                ja: ["direction: atLeast、atMost、withinRange のいずれかを指定してください。"],
                en: ["direction: expected one of: atLeast, atMost, withinRange."]
            )
            let zero: [String: Any] = ["metric": "stepCount", "direction": "atLeast", "target": 0]
            try await BilingualRefusal.ask(client, "/api/v1/goals", method: .post, token: token, body: zero).expect(
                code: "invalid_parameter", ja: ["target: 0 より大きい数値で指定してください。"], en: ["target: expected a number above 0."]
            )
            let today: [String: Any] = ["metric": "stepCount", "direction": "atLeast", "target": 8000, "deadline": "2026-11-25"]
            try await BilingualRefusal.ask(client, "/api/v1/goals", method: .post, token: token, body: today).expect(
                code: "invalid_parameter", ja: ["deadline: 期限は明日（2026-11-26）以降"], en: ["deadline: expected a day after today (2026-11-26 or later)."]
            )
            let unreadable: [String: Any] = ["metric": "stepCount", "direction": "atLeast", "target": 8000, "deadline": "next week"]
            try await BilingualRefusal.ask(client, "/api/v1/goals", method: .post, token: token, body: unreadable).expect(
                code: "invalid_date", ja: ["deadline: 「next week」は日付として読み取れません"], en: ["deadline: “next week” is not a date"]
            )
            #expect(try await server.database.goals(userId: userId).isEmpty, "no refused goal was made")

            let made = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "stepCount", "direction": "atLeast", "target": 8000])
            )
            let id = try #require(try made.json()["id"] as? Int)
            try await BilingualRefusal.ask(client, "/api/v1/goals/\(id)", method: .patch, token: token, body: ["target": -5]).expect(
                code: "invalid_parameter", ja: ["target: 0 より大きい数値"], en: ["target: expected a number above 0."]
            )
            #expect(try await server.database.goals(userId: userId).map(\.target) == [8000], "the refused change was not made")

            try await BilingualRefusal.ask(client, "/api/v1/pauses", method: .post, token: token, body: ["first": "soon", "last": "2026-11-30"]).expect(
                code: "invalid_date", ja: ["first: 「soon」は日付として読み取れません", "YYYY-MM-DD"], en: ["first: “soon” is not a date; expected a date as YYYY-MM-DD."]
            )
            #expect(try await server.database.pauses(userId: userId).isEmpty)
        }
    }
}
