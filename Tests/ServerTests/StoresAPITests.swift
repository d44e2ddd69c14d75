import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing
import WaitTimes

/// The design's own models (seeds/001), minus the SwiftUI colour: if these decode, a client built to the design works.
enum Design {
    struct Store: Decodable {
        let id: String
        let name: String
        let address: String
        let phoneNumber: String
        let coordinate: Coordinate
        let businessHours: BusinessHours
        var waitTime: WaitTime
        let region: String
    }

    struct WaitTime: Decodable {
        let minutes: Int?
        let status: WaitStatus
        let lastUpdated: Date
        enum WaitStatus: String, Decodable { case available, closed, unavailable }
    }

    struct BusinessHours: Decodable {
        let weekday: String
        let weekend: String
        let holiday: String?
    }

    struct Coordinate: Decodable {
        let latitude: Double
        let longitude: Double
    }
}

@Suite struct StoresAPITests {
    static let fridayNoon = Tokyo.at("2026-11-20 12:00")

    @Test func everyStoreInTheDesignsShapeWithWaitsAndColours() async throws {
        let clock = TestClock(Self.fridayNoon)
        let (server, _) = try await TestServer.waitTimes(at: clock)
        try await server.observe("gotemba-ic", 180, at: Self.fridayNoon.addingTimeInterval(-300))
        try await server.observe("sasagase", 25, at: Self.fridayNoon.addingTimeInterval(-300))
        try await server.test { client in
            let response = try await client.execute(uri: "/api/stores", method: .get)
            #expect(response.status == .ok)
            let stores = try response.jsonArray()
            #expect(stores.count == 35)
            #expect(stores.first?["id"] as? String == "sasagase", "shortest wait first")
            // The 32 stores with known coordinates decode with the design's exact models.
            let decoder = APIJSON.makeDecoder()
            var decoded = 0
            for store in stores where !(store["coordinate"] is NSNull) {
                let data = try JSONSerialization.data(withJSONObject: store)
                let design = try decoder.decode(Design.Store.self, from: data)
                #expect(design.name.hasPrefix("さわやか "))
                decoded += 1
            }
            #expect(decoded == 32)
            let gotemba = try #require(stores.first { $0["id"] as? String == "gotemba-ic" })
            #expect(gotemba["phoneNumber"] as? String == "0550-82-8855")
            let wait = try #require(gotemba["waitTime"] as? [String: Any])
            #expect(wait["minutes"] as? Int == 180)
            #expect(wait["status"] as? String == "available")
            #expect(wait["band"] as? String == "red")
            #expect(wait["stale"] as? Bool == false)
            let hours = try #require(gotemba["businessHours"] as? [String: Any])
            #expect(hours["weekday"] as? String == "10:45-22:00")
            #expect(hours["weekend"] as? String == "10:30-22:00")
            let kosai = try #require(stores.first { $0["id"] as? String == "kosai" })
            #expect(kosai["address"] as? String == "", "unknown facts stay empty")
            #expect(kosai["coordinate"] is NSNull)
        }
    }

    @Test func filtersAndTheirCombination() async throws {
        let clock = TestClock(Self.fridayNoon)
        let (server, _) = try await TestServer.waitTimes(at: clock)
        for (store, minutes) in [("sasagase", 20), ("wago", 45), ("kikugawa", 30), ("gotemba-ic", 120)] {
            try await server.observe(store, minutes, at: Self.fridayNoon.addingTimeInterval(-60))
        }
        try await server.test { client in
            func ids(_ query: String) async throws -> [String] {
                let response = try await client.execute(uri: "/api/stores?\(query)", method: .get)
                #expect(response.status == .ok, "\(query)")
                return try response.jsonArray().compactMap { $0["id"] as? String }
            }
            #expect(try await ids("maxWaitTime=30") == ["sasagase", "kikugawa"])
            #expect(try await ids("region=hamamatsu").count == 12)
            #expect(try await ids("region=%E6%B5%9C%E6%9D%BE&maxWaitTime=60") == ["sasagase", "wago"])
            #expect(try await ids("q=%E5%BE%A1%E6%AE%BF%E5%A0%B4") == ["gotemba-ic", "gotemba-outlet"])
            #expect(try await ids("openOnly=true").count == 35)
            #expect(try await ids("openOnly=true&maxWaitTime=60&region=chuen") == ["kikugawa"])
            #expect(try await ids("").count == 35, "no filter: every store")
            let bad = try await client.execute(uri: "/api/stores?maxWaitTime=soon", method: .get, headers: [.acceptLanguage: "ja"])
            #expect(bad.status == .badRequest)
            #expect(bad.errorMessage?.contains("maxWaitTime") == true)
            #expect(try await client.execute(uri: "/api/stores?maxWaitTime=", method: .get).status == .badRequest, "an empty number is not a number")
            #expect(try await client.execute(uri: "/api/stores?region=tokyo", method: .get).status == .badRequest)
            #expect(try await client.execute(uri: "/api/stores?lat=35", method: .get).status == .badRequest)
        }
        clock.set(Tokyo.at("2026-11-19 12:00"))
        try await server.test { client in
            let thursday = try await client.execute(uri: "/api/stores?openOnly=true", method: .get)
            #expect(try thursday.jsonArray().isEmpty, "the chain rests on Thursdays")
        }
    }

    @Test func nearestFirstWithDistance() async throws {
        let (server, _) = try await TestServer.waitTimes(at: TestClock(Self.fridayNoon))
        try await server.test { client in
            let stores = try await client.execute(uri: "/api/stores?lat=34.7108&lon=137.7261", method: .get).jsonArray()
            #expect(stores.first?["id"] as? String == "entetsu", "Hamamatsu station: the department-store shop is nearest")
            let distances = stores.compactMap { $0["distance"] as? Int }
            #expect(distances.count == 32)
            #expect(distances == distances.sorted())
        }
    }

    @Test func etagAnswers304UntilTheWaitChanges() async throws {
        let clock = TestClock(Self.fridayNoon)
        let (server, token) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            let first = try await client.execute(uri: "/api/stores/gotemba-ic/waittime", method: .get)
            let tag = try #require(first.headers[.eTag])
            #expect(first.headers[.cacheControl]?.contains("no-cache") == true)
            clock.set(Self.fridayNoon.addingTimeInterval(20))
            let again = try await client.execute(uri: "/api/stores/gotemba-ic/waittime", method: .get, headers: [.ifNoneMatch: tag])
            #expect(again.status == .notModified, "20 seconds later nothing changed")
            let list = try await client.execute(uri: "/api/stores", method: .get)
            let listAgain = try await client.execute(uri: "/api/stores", method: .get, headers: [.ifNoneMatch: try #require(list.headers[.eTag])])
            #expect(listAgain.status == .notModified)
            #expect(again.body.readableBytes == 0)
            _ = try await client.execute(uri: "/api/stores/gotemba-ic/waittime", method: .put, headers: .operatorToken(token), body: jsonBody(["minutes": 90]))
            let changed = try await client.execute(uri: "/api/stores/gotemba-ic/waittime", method: .get, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(try changed.json()["minutes"] as? Int == 90)
            #expect(try await client.execute(uri: "/api/stores/nowhere", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/stores/nowhere/waittime", method: .get).status == .notFound)
        }
    }

    @Test func operatorFeedNeedsATokenValidatesAndIsIdempotent() async throws {
        let clock = TestClock(Self.fridayNoon)
        let (server, token) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            let anonymous = try await client.execute(uri: "/api/stores/kannami/waittime", method: .put, headers: [.contentType: "application/json"], body: jsonBody(["minutes": 10]))
            #expect(anonymous.status == .unauthorized)
            #expect(anonymous.errorCode == "operator_token_required")
            let wrong = try await client.execute(uri: "/api/stores/kannami/waittime", method: .put, headers: .operatorToken("kop_guess"), body: jsonBody(["minutes": 10]))
            #expect(wrong.status == .unauthorized)
            let negative = try await client.execute(uri: "/api/stores/kannami/waittime", method: .put, headers: .operatorToken(token, language: "ja"), body: jsonBody(["minutes": -5]))
            #expect(negative.status == .badRequest)
            #expect(negative.errorMessage == "待ち時間は 0〜1440 分で指定してください。")
            #expect(try await server.database.observationCount() == 0, "bad input changes nothing")

            let reading: [String: Any] = ["minutes": 35, "groups": 9, "observedAt": "2026-11-20T02:55:00Z"]
            let put = try await client.execute(uri: "/api/stores/kannami/waittime", method: .put, headers: .operatorToken(token), body: jsonBody(reading))
            #expect(put.status == .ok)
            #expect(try put.json()["band"] as? String == "yellow")
            #expect(try put.json()["groups"] as? Int == 9)
            _ = try await client.execute(uri: "/api/stores/kannami/waittime", method: .put, headers: .operatorToken(token), body: jsonBody(reading))
            #expect(try await server.database.observationCount() == 1, "a retry stores nothing new")

            let batch: [String: Any] = ["observations": [["storeId": "yaizu", "minutes": 5], ["storeId": "atlantis", "minutes": 5]]]
            let refused = try await client.execute(uri: "/api/stores/waittimes", method: .put, headers: .operatorToken(token), body: jsonBody(batch))
            #expect(refused.status == .badRequest)
            #expect(refused.errorCode == "unknown_store")
            #expect(try await server.database.observationCount() == 1)
            let good: [String: Any] = ["observations": [["storeId": "yaizu", "minutes": 5], ["storeId": "cenova", "status": "receptionClosed", "groups": 80]]]
            let stored = try await client.execute(uri: "/api/stores/waittimes", method: .put, headers: .operatorToken(token), body: jsonBody(good))
            #expect(stored.status == .ok)
            #expect(try stored.json()["stored"] as? Int == 2)
            let cenova = try await client.execute(uri: "/api/stores/cenova/waittime", method: .get).json()
            #expect(cenova["receptionClosed"] as? Bool == true)
            #expect(cenova["status"] as? String == "closed")
        }
    }

    @Test func staleAfter30MinutesDuringOpeningHours() async throws {
        let clock = TestClock(Self.fridayNoon)
        let (server, _) = try await TestServer.waitTimes(at: clock)
        try await server.observe("iwata", 40, at: Self.fridayNoon.addingTimeInterval(-31 * 60))
        try await server.test { client in
            let wait = try await client.execute(uri: "/api/stores/iwata/waittime", method: .get).json()
            #expect(wait["stale"] as? Bool == true)
            #expect(wait["minutes"] as? Int == 40)
            #expect(wait["lastUpdated"] as? String == "2026-11-20T02:29:00.000Z")
        }
    }

    @Test func forecastByDateFromHistory() async throws {
        let clock = TestClock(Tokyo.at("2026-11-21 09:00"))
        let (server, _) = try await TestServer.waitTimes(at: clock)
        for week in 1...3 {
            let saturday = Tokyo.at("2026-11-21 12:00").addingTimeInterval(Double(-7 * week) * 86_400)
            try await server.observe("fukuroi", 90, at: saturday)
            try await server.observe("fukuroi", 20, at: saturday.addingTimeInterval(4 * 3600))
        }
        try await server.test { client in
            let forecast = try await client.execute(uri: "/api/stores/fukuroi/forecast?date=2026-11-21", method: .get).json()
            #expect(forecast["closed"] as? Bool == false)
            let best = try #require(forecast["best"] as? [String: Any])
            #expect(best["start"] as? String == "16:00")
            #expect(best["expectedMinutes"] as? Int == 20)
            #expect((forecast["bestFromNow"] as? [String: Any])?["start"] as? String == "16:00", "today at 09:00 everything is ahead")
            let thursday = try await client.execute(uri: "/api/stores/fukuroi/forecast?date=2026-11-26", method: .get).json()
            #expect(thursday["closed"] as? Bool == true)
            let holiday = try await client.execute(uri: "/api/stores/fukuroi/forecast?date=2026-11-23", method: .get).json()
            #expect(holiday["holiday"] as? String == "勤労感謝の日")
            #expect((holiday["best"] as? [String: Any])?["expectedMinutes"] as? Int == 20, "a holiday learns from weekends")
            #expect(try await client.execute(uri: "/api/stores/fukuroi/forecast?date=2026-13-01", method: .get).status == .badRequest)
        }
    }
}

@Suite struct WaitAlertsAPITests {
    @Test func alertsAreTheCallersOwnIdempotentAndFireOnceIntoTheInbox() async throws {
        let clock = TestClock(Tokyo.at("2026-11-22 14:00"))
        let (server, operatorToken) = try await TestServer.waitTimes(at: clock)
        let (_, alice) = try await server.user("alice")
        let (_, bob) = try await server.user("bob")
        try await server.test { client in
            let body: [String: Any] = ["storeId": "kannami", "maxMinutes": 20, "from": "14:00", "until": "18:00"]
            let created = try await client.execute(uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(alice), body: jsonBody(body))
            #expect(created.status == .created)
            let id = try #require(try created.json()["id"] as? Int)
            #expect(try created.json()["day"] as? String == "2026-11-22")
            let again = try await client.execute(uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(alice), body: jsonBody(body))
            #expect(again.status == .ok, "a retry stores nothing new")
            #expect(try again.json()["id"] as? Int == id)

            let bad = try await client.execute(uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(alice, language: "ja"), body: jsonBody(["storeId": "kannami", "maxMinutes": 20, "from": "25:00"]))
            #expect(bad.status == .badRequest)
            #expect(bad.errorMessage?.contains("from") == true)
            for target in ["http://127.0.0.1:8080/api/v1/me", "http://localhost/x", "http://192.168.1.10/hook", "http://[::1]/x", "ftp://example.com/x"] {
                let refused = try await client.execute(uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(alice), body: jsonBody(["storeId": "kannami", "maxMinutes": 20, "webhookURL": target]))
                #expect(refused.errorCode == "invalid_webhook", "\(target)")
            }
            let ntfy = try await client.execute(uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(alice), body: jsonBody(["storeId": "kannami", "maxMinutes": 5, "webhookURL": "https://ntfy.sh/fd-sawayaka", "webhookFormat": "ntfy"]))
            #expect(ntfy.status == .created)
            #expect(try await client.execute(uri: "/api/v1/wait-alerts/\(try #require(try ntfy.json()["id"] as? Int))", method: .delete, headers: .bearer(alice)).status == .noContent)
            let xml = try await client.execute(uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(alice, language: "ja"), body: jsonBody(["storeId": "kannami", "maxMinutes": 5, "webhookFormat": "xml"]))
            #expect(xml.status == .badRequest, "an unknown format is refused, not quietly read as json")
            #expect(xml.errorCode == "unknown_webhook_format")
            #expect(xml.errorMessage?.contains("json か ntfy") == true)
            let unknown = try await client.execute(uri: "/api/v1/wait-alerts", method: .post, headers: .bearer(alice), body: jsonBody(["storeId": "atlantis", "maxMinutes": 20]))
            #expect(unknown.errorCode == "unknown_store")
            #expect(try await client.execute(uri: "/api/v1/wait-alerts", method: .get).status == .unauthorized)

            for minutes in [25, 20, 15] {
                clock.set(clock.now.addingTimeInterval(600))
                _ = try await client.execute(uri: "/api/stores/kannami/waittime", method: .put, headers: .operatorToken(operatorToken), body: jsonBody(["minutes": minutes]))
            }
            let inbox = try await client.execute(uri: "/api/v1/inbox", method: .get, headers: .bearer(alice)).json()
            #expect(inbox["unread"] as? Int == 1, "fired exactly once")
            let message = try #require((inbox["messages"] as? [[String: Any]])?.first)
            #expect(message["title"] as? String == "さわやか 函南店: the wait is down to 20 min")
            #expect(try await client.execute(uri: "/api/v1/inbox", method: .get, headers: .bearer(bob)).json()["unread"] as? Int == 0)

            #expect(try await client.execute(uri: "/api/v1/wait-alerts/\(id)", method: .delete, headers: .bearer(bob)).status == .notFound, "someone else's alert")
            #expect(try await client.execute(uri: "/api/v1/wait-alerts/\(id)", method: .delete, headers: .bearer(alice)).status == .noContent)
            let left = try await client.execute(uri: "/api/v1/wait-alerts", method: .get, headers: .bearer(alice)).json()
            #expect((left["alerts"] as? [Any])?.isEmpty == true)
        }
    }
}
