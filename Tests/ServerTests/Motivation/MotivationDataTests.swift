import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing

/// The motivation data a user owns: reminder settings and the private calendar feed over HTTP, every table in the
/// export, and none of it left after the account is deleted.
@Suite struct MotivationDataTests {
    @Test func reminderSettingsMakeAPrivateCalendarFeedAndBadInputChangesNothing() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("chiyo")
        try await server.test { client in
            let initial = try await client.execute(uri: "/api/v1/reminders", method: .get, headers: .bearer(token)).json()
            #expect(initial["quietStart"] as? String == "22:00")
            #expect(initial["calendarPath"] is NSNull || initial["calendarPath"] == nil)
            #expect(initial["calendarFeed"] as? Bool == false)

            let bad = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["quietStart": "25:00", "newCalendarFeed": true]))
            #expect(bad.status == .badRequest)
            let unchanged = try await client.execute(uri: "/api/v1/reminders", method: .get, headers: .bearer(token)).json()
            #expect(unchanged["quietStart"] as? String == "22:00")
            #expect(unchanged["calendarPath"] is NSNull || unchanged["calendarPath"] == nil)

            let loopback = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["webhookURL": "http://127.0.0.1:9/hook"]))
            #expect(loopback.status == .badRequest, "the webhook address rules apply")

            let saved = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["preferredTime": "21:15", "newCalendarFeed": true])).json()
            #expect(saved["preferredTime"] as? String == "21:15")
            let path = try #require(saved["calendarPath"] as? String, "the answer that makes the feed shows its address")
            #expect(path.hasPrefix("/calendar/") && path.hasSuffix(".ics"))
            #expect(saved["calendarFeed"] as? Bool == true)

            // Only the token's hash is stored, so later answers say a feed exists without its address.
            let feedToken = String(path.dropFirst("/calendar/".count).dropLast(".ics".count))
            let stored = try server.database.writer.read { db in
                try Row.fetchOne(db, sql: "SELECT calendarToken, calendarTokenHash FROM reminderSetting")
            }
            #expect(stored?["calendarToken"] as String? == nil)
            #expect(stored?["calendarTokenHash"] as String? == SecretToken.hash(feedToken))
            let later = try await client.execute(uri: "/api/v1/reminders", method: .get, headers: .bearer(token)).json()
            #expect(later["calendarPath"] is NSNull || later["calendarPath"] == nil)
            #expect(later["calendarFeed"] as? Bool == true)
            let otherChange = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["quietEnd": "06:00"])).json()
            #expect(otherChange["calendarPath"] is NSNull || otherChange["calendarPath"] == nil, "only the answer that made it shows it")
            #expect(otherChange["calendarFeed"] as? Bool == true)

            // The feed needs no sign-in: the token is the credential.
            let feed = try await client.execute(uri: path, method: .get)
            #expect(feed.status == .ok)
            #expect(feed.headers[.contentType]?.hasPrefix("text/calendar") == true)
            #expect(feed.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(try await client.execute(uri: "/calendar/guess.ics", method: .get).status == .notFound)

            // A new feed address revokes the old one.
            let renewed = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["newCalendarFeed": true])).json()
            let renewedPath = try #require(renewed["calendarPath"] as? String)
            #expect(renewedPath != path)
            #expect(try await client.execute(uri: path, method: .get).status == .notFound)
            #expect(try await client.execute(uri: renewedPath, method: .get).status == .ok)
        }
    }

    @Test func motivationDataIsExportedAndGoesWithTheAccount() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("daigo")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 7000]))
            _ = try await client.execute(uri: "/api/v1/goals", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "direction": "atLeast", "target": 8000]))
            _ = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["newCalendarFeed": true]))
            let link = try await client.execute(uri: "/api/v1/share-links", method: .post, headers: .bearer(token), body: jsonBody([:])).json()
            let linkPath = try #require(URL(string: link["url"] as? String ?? "")?.path)
            let export = try await client.execute(uri: "/api/v1/export?format=json", method: .get, headers: .bearer(token)).json()
            let motivation = try #require(export["motivation"] as? [String: [[String: Any]]])
            #expect(motivation["badgeAward"]?.map { $0["badgeId"] as? String } == ["first-step"])
            #expect(motivation["goal"]?.first?["target"] as? Double == 8000)
            #expect(motivation["goalHistory"]?.first?["event"] as? String == "created")
            #expect(motivation["reminderSetting"]?.count == 1)
            #expect(Set(motivation.keys) == Set(MotivationExport.tableNames))
            #expect(motivation["shareLink"]?.count == 1)
            let secret = String(linkPath.dropFirst(3))
            #expect(motivation["shareLink"]?.first?.values.contains { ($0 as? String)?.contains(secret) == true } == false, "only the token's hash")

            let deleted = try await client.execute(uri: "/api/v1/me", method: .delete, headers: .bearer(token), body: jsonBody(["password": "correct horse battery"]))
            #expect(deleted.status == .noContent)
            #expect(try await client.execute(uri: linkPath, method: .get).status == .notFound, "the public link went with the account")
        }
        let left = try await server.database.motivationExport(userId: user.id!).tables
        #expect(left.count == MotivationExport.tableNames.count)
        #expect(left.values.allSatisfy { $0.isEmpty }, "every motivation row went with the account")
    }
}
