import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing

/// Issue 19's date reproductions: every instant a client sends goes through one parser, impossible or absurd dates are
/// refused with the field and the value in both languages, nothing is stored, and the server keeps answering.
@Suite struct DateInputTests {
    static func postRecord(_ client: any TestClientProtocol, _ token: String, language: String = "en", _ body: [String: Any]) async throws -> TestResponse {
        try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token, language: language), body: jsonBody(body))
    }

    // MARK: BulkTrack sets

    @Test func aSetFromYearZeroIsRefusedStoresNothingAndTheServerStaysUp() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            let body: [String: Any] = ["exerciseId": Lifts.bench, "weight": 80, "reps": 5, "performedAt": "0000-01-01T00:00:00Z"]
            for language in ["en", "ja"] {
                phone.language = language
                let refused = try await phone.call(.post, "/v1/sets", body: body)
                #expect(refused.status == .badRequest)
                #expect(refused.contractError?.code == "date_out_of_range")
                let message = try #require(refused.contractError?.message)
                #expect(message.contains("performedAt") && message.contains("0000-01-01"))
                #expect(message.contains(language == "en" ? "out of range" : "範囲の外"))
            }
            #expect(try await phone.call(.get, "/v1/sets").v1Array().isEmpty, "nothing was stored")
            // The server is alive and still takes a good set.
            let good = try await phone.call(.post, "/v1/sets", body: ["exerciseId": Lifts.bench, "weight": 80, "reps": 5, "performedAt": WorkoutTime.now()])
            #expect(good.status == .created)
            #expect(try await phone.call(.get, "/v1/sets").v1Array().count == 1)
        }
    }

    @Test(arguments: ["2026-02-30T10:00:00Z", "2026-11-16T24:00:00Z", "2026-11-16T10:60:00+09:00", "10000-01-01T00:00:00Z", "yesterday"])
    func anImpossibleSetTimeIsInvalidDate(performedAt: String) async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let refused = try await phone.call(.post, "/v1/sets", body: ["exerciseId": Lifts.bench, "weight": 80, "reps": 5, "performedAt": performedAt])
            #expect(refused.status == .badRequest)
            #expect(refused.contractError?.code == "invalid_date")
            #expect(refused.contractError?.message.contains("performedAt: “\(performedAt)”") == true)
            #expect(try await phone.call(.get, "/v1/sets").v1Array().isEmpty)
        }
    }

    @Test func aSetKeepsItsMilliseconds() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let set = try await phone.logSet(Lifts.bench, 80, 5, at: "2026-01-16T10:00:00.999+09:00")
            #expect(set["performedAt"] as? String == "2026-01-16T01:00:00.999Z")
            #expect(try await phone.call(.get, "/v1/sets").v1Array().first?["performedAt"] as? String == "2026-01-16T01:00:00.999Z")
        }
    }

    @Test func aSetRowThatCannotBeReadIsLeftOutOfEveryAnswer() async throws {
        let server = try TestServer()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client)
            let good = try await phone.logSet(Lifts.bench, 80, 5, at: "2026-01-16T10:00:00+09:00")
            let broken = try await phone.logSet(Lifts.bench, 60, 8, at: "2026-01-16T10:05:00+09:00")
            let brokenId = try #require(broken["id"] as? String)
            // What the old parser let in: a local day of year -1, written straight into the SQLite file.
            try await server.database.writer.write { db in
                try db.execute(sql: "UPDATE workoutSet SET day = '00-1-12-30', week = '00-1-12-27' WHERE id = ?", arguments: [brokenId])
            }
            let list = try await phone.call(.get, "/v1/sets")
            #expect(list.status == .ok)
            #expect(try list.v1Array().compactMap { $0["id"] as? String } == [try #require(good["id"] as? String)])
            #expect(try await phone.call(.get, "/v1/me/workouts").status == .ok)
            #expect(try await phone.call(.get, "/v1/me/workouts/2026-01-16").status == .ok)
            #expect(try await phone.call(.get, "/v1/dashboard").status == .ok)
        }
    }

    // MARK: Wait times

    @Test(arguments: ["10000-01-01T00:00:00Z", "275760-09-13T00:00:00Z", "2026-02-30T12:00:00Z", "2026-11-22T12:00:00+09:00", "2026-11-18T12:00:00+09:00"])
    func anAbsurdReadingIsRefusedAndStoresNothing(observedAt: String) async throws {
        let clock = TestClock(StoresAPITests.fridayNoon)
        let (server, token) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            for language in ["en", "ja"] {
                let refused = try await client.execute(
                    uri: "/api/stores/kannami/waittime", method: .put, headers: .operatorToken(token, language: language),
                    body: jsonBody(["minutes": 10, "observedAt": observedAt])
                )
                #expect(refused.status == .badRequest)
                #expect(["invalid_date", "date_out_of_range"].contains(refused.errorCode))
                #expect(refused.errorMessage?.contains("observedAt") == true)
            }
            let batch = try await client.execute(
                uri: "/api/stores/waittimes", method: .put, headers: .operatorToken(token),
                body: jsonBody(["observations": [["storeId": "yaizu", "minutes": 5], ["storeId": "kannami", "minutes": 10, "observedAt": observedAt]]])
            )
            #expect(batch.status == .badRequest)
            #expect(batch.errorMessage?.contains("observations[1].observedAt") == true)
            #expect(try await server.database.observationCount() == 0, "nothing stored, not even the good reading of the batch")
            #expect(try await client.execute(uri: "/api/stores/kannami/waittime", method: .get).status == .ok)
        }
    }

    @Test func anObservationRowThatCannotBeReadBreaksNoPage() async throws {
        let clock = TestClock(StoresAPITests.fridayNoon)
        let (server, token) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            let put = try await client.execute(uri: "/api/stores/kannami/waittime", method: .put, headers: .operatorToken(token), body: jsonBody(["minutes": 25]))
            #expect(put.status == .ok)
            // Rows the old parser stored, written straight into the SQLite file: dates GRDB cannot read back.
            try await server.database.writer.write { db in
                for observedAt in ["10000-01-01 00:00:00.000", "275760-09-13 00:00:00.000", "not a date"] {
                    try db.execute(
                        sql: "INSERT INTO waitObservation (storeId, observedAt, minutes, status, source, createdAt) VALUES ('kannami', ?, 5, 'available', 'operator', ?)",
                        arguments: [observedAt, StoresAPITests.fridayNoon]
                    )
                }
            }
            for uri in ["/api/stores", "/api/stores/kannami", "/api/stores/kannami/waittime", "/api/stores/kannami/forecast", "/sawayaka", "/sawayaka/kannami"] {
                let response = try await client.execute(uri: uri, method: .get, headers: [.accept: uri.hasPrefix("/api") ? "application/json" : "text/html"])
                #expect(response.status == .ok, "\(uri)")
            }
            let wait = try await client.execute(uri: "/api/stores/kannami/waittime", method: .get).json()
            #expect(wait["minutes"] as? Int == 25, "the readable reading is the latest")
        }
    }

    // MARK: Health records

    @Test func aRecordOnFebruary30IsRefusedNamingTheField() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.test { client in
            let single = try await Self.postRecord(client, token, language: "ja", ["metric": "weight", "value": 60, "start": "2026-02-30T07:00:00+09:00"])
            #expect(single.status == .badRequest)
            #expect(single.errorCode == "invalid_date")
            #expect(single.errorMessage == "start: 「2026-02-30T07:00:00+09:00」は日時として正しくありません（2026年2月は28日までで、30日はありません）")
            let batch = try await Self.postRecord(client, token, ["records": [["metric": "weight", "value": 60], ["metric": "weight", "value": 61, "end": "2026-04-31T07:00:00Z"]]])
            #expect(batch.status == .badRequest)
            #expect(batch.errorMessage?.hasPrefix("records[1].end: “2026-04-31T07:00:00Z”") == true)
            let query = try await client.execute(uri: "/api/v1/records?from=2026-02-30", method: .get, headers: .bearer(token))
            #expect(query.status == .badRequest)
            #expect(query.errorMessage?.contains("from") == true)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).isEmpty)
    }

    @Test func healthDataLiesBetween1900AndADayAhead() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        let twoDaysAhead = Date().addingTimeInterval(2 * 86_400)
        try await server.test { client in
            let old = try await Self.postRecord(client, token, ["metric": "weight", "value": 60, "start": "1899-12-31T23:59:59Z"])
            #expect(old.status == .badRequest)
            #expect(old.errorCode == "date_out_of_range")
            #expect(old.errorMessage == "start: “1899-12-31T23:59:59.000Z” is out of range (it must be between 1900-01-01 and one day after now).")
            let ahead = try await Self.postRecord(client, token, ["metric": "weight", "value": 60, "start": APIJSON.formatDate(twoDaysAhead)])
            #expect(ahead.status == .badRequest)
            #expect(ahead.errorCode == "future_time")
            let first = try await Self.postRecord(client, token, ["metric": "weight", "value": 60, "start": "1900-01-01T00:00:00Z"])
            #expect(first.status == .created)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 1)
    }

    @Test func millisecondsComeBackExactly() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            for (index, fraction) in ["999", "998", "001", "500"].enumerated() {
                let created = try await Self.postRecord(client, token, ["metric": "steps", "value": 100 + index, "start": "2026-01-15T07:30:0\(index).\(fraction)+09:00"])
                #expect(try created.json()["start"] as? String == "2026-01-14T22:30:0\(index).\(fraction)Z")
                let id = try #require(try created.json()["id"] as? Int)
                let read = try await client.execute(uri: "/api/v1/records/\(id)", method: .get, headers: .bearer(token))
                #expect(try read.json()["start"] as? String == "2026-01-14T22:30:0\(index).\(fraction)Z", "through SQLite and back")
            }
        }
    }

    @Test func theWebFormRefusesFebruary30() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let refused = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "60", "unit": "kg", "when": "2026-02-30T07:00"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("2026年2月は28日までで、30日はありません"))
        }
        let hanako = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.recordCount(userId: hanako.id!) == 0)
    }

    @Test func gatewaySamplesWithImpossibleDatesAreRejectedByName() async throws {
        let server = try TestServer()
        let (alice, token) = try await server.user("alice")
        try await server.test { client in
            let samples = [
                GatewayAPITests.sample(),
                GatewayAPITests.sample(start: "2026-02-30T09:00:00Z", end: "2026-02-30T10:00:00Z"),
                GatewayAPITests.sample(start: "2024-01-15T09:00:00Z", end: "2024-01-15T10:00:00.5+09:60"),
                GatewayAPITests.sample(start: "1850-01-15T09:00:00Z", end: "1850-01-15T10:00:00Z"),
            ]
            var english = GatewayAPITests.apiKey(token)
            english[.acceptLanguage] = "en"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: english, body: GatewayAPITests.payload(samples: samples))
            #expect(response.status == .ok)
            let rejected = try #require(try response.json()["rejected"] as? [[String: Any]])
            #expect(rejected.map { $0["index"] as? Int } == [1, 2, 3])
            #expect((rejected[0]["reason"] as? String)?.contains("startDate: “2026-02-30T09:00:00Z”") == true)
            #expect((rejected[1]["reason"] as? String)?.contains("endDate") == true)
            #expect((rejected[2]["reason"] as? String)?.contains("startDate: “1850-01-15T09:00:00.000Z” is out of range") == true)
        }
        #expect(try await server.database.allRecords(userId: alice.id!).count == 1)
    }
}
