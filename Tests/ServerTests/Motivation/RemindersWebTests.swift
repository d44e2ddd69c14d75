import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// `/settings/reminders` with plain forms (no JavaScript): time, quiet hours, webhook, the calendar feed's "new
/// link", and pauses, with the over-90-days refusal in Japanese and English changing nothing.
@Suite struct RemindersWebTests {
    @Test func theSettingsPageSavesRemindersCalendarLinksAndPauses() async throws {
        let clock = TestClock(BadgeAwardAPITests.start)
        let server = try TestServer(clock: { clock.now })
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("yuki")
            let userId = try #require(try await server.database.user(username: "yuki")?.id)
            let settingsPage = try await web.get("/settings").text
            #expect(settingsPage.contains(#"href="/settings/reminders""#))

            let first = try await web.get("/settings/reminders")
            #expect(first.status == .ok)
            #expect(first.text.contains("リマインダーと休止"))
            #expect(first.text.contains(#"name="quietStart" value="22:00""#))

            // Save a time and quiet hours; reminders stay on (the box is ticked).
            let saved = try await web.submit(page: "/settings/reminders", to: "/settings/reminders", form: [
                "enabled": "1", "preferredTime": "21:30", "quietStart": "23:00", "quietEnd": "06:30", "webhookURL": "",
            ])
            #expect(saved.status == .seeOther)
            var page = try await web.get("/settings/reminders").text
            #expect(page.contains(#"name="preferredTime" value="21:30""#))
            #expect(page.contains(#"name="quietEnd" value="06:30""#))
            let stored = try await server.database.reminderSetting(userId: userId)
            #expect(stored?.quietStart == "23:00" && stored?.enabled == true)

            // A refused webhook address (loopback) shows why and changes nothing.
            let refused = try await web.submit(page: "/settings/reminders", to: "/settings/reminders", form: [
                "enabled": "1", "preferredTime": "07:45", "quietStart": "23:00", "quietEnd": "06:30", "webhookURL": "http://127.0.0.1:9/hook",
            ])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#"role="alert""#))
            #expect(try await server.database.reminderSetting(userId: userId)?.preferredTime == "21:30", "nothing saved")

            // Unticking the box turns reminders off.
            _ = try await web.submit(page: "/settings/reminders", to: "/settings/reminders", form: ["preferredTime": "21:30", "quietStart": "23:00", "quietEnd": "06:30"])
            #expect(try await server.database.reminderSetting(userId: userId)?.enabled == false)

            // A calendar link, shown in the answer that made it only (its token is stored hashed), then a new one that
            // retires the old.
            let made = try await web.submit(page: "/settings/reminders", to: "/settings/reminders/calendar", form: [:])
            #expect(made.status == .ok)
            #expect(made.text.contains("今コピーしてください"))
            let feed = try #require(made.text.range(of: #"/calendar/[A-Za-z0-9_-]+\.ics"#, options: .regularExpression).map { String(made.text[$0]) })
            // Shown whole, scheme and host included: a calendar app cannot subscribe to a path.
            let shown = try #require(made.text.range(of: #"id="calendar-link">[^<]+<"#, options: .regularExpression).map { String(made.text[$0]) })
            #expect(shown.hasSuffix("\(feed)<") && shown.contains("://"), "\(shown)")
            #expect(try await client.execute(uri: feed, method: .get).status == .ok)
            page = try await web.get("/settings/reminders").text
            #expect(!page.contains(feed), "the address cannot be read back")
            #expect(page.contains(#"id="calendar-exists""#))
            #expect(page.contains("非公開のカレンダーリンクがあります"))
            let renewed = try await web.submit(page: "/settings/reminders", to: "/settings/reminders/calendar", form: [:])
            let newFeed = try #require(renewed.text.range(of: #"/calendar/[A-Za-z0-9_-]+\.ics"#, options: .regularExpression).map { String(renewed.text[$0]) })
            #expect(newFeed != feed)
            #expect(try await client.execute(uri: feed, method: .get).status == .notFound, "a new link stops the old")
            #expect(try await client.execute(uri: newFeed, method: .get).status == .ok)

            // A pause beyond 90 days is refused in Japanese (and in English), and none is stored.
            let tooLong = try await web.submit(page: "/settings/reminders", to: "/settings/reminders/pauses", form: ["first": "2026-03-02", "last": "2026-07-01"])
            #expect(tooLong.status == .badRequest)
            #expect(tooLong.text.contains("最長90日"))
            // The same refusal for a reader who chose English.
            _ = try await web.submit(page: "/settings", to: "/settings/profile", form: ["displayName": "yuki", "timeZone": "Asia/Tokyo", "language": "en"])
            let inEnglish = try await web.submit(page: "/settings/reminders", to: "/settings/reminders/pauses", form: ["first": "2026-03-02", "last": "2026-07-01"])
            #expect(inEnglish.status == .badRequest)
            #expect(inEnglish.text.contains("A pause can last at most 90 days"))
            #expect(inEnglish.text.contains("Reminders and pauses"))
            #expect(try await server.database.pauses(userId: userId).isEmpty)

            // A week's holiday is kept, listed, and can be removed.
            #expect(try await web.submit(page: "/settings/reminders", to: "/settings/reminders/pauses", form: ["first": "2026-03-02", "last": "2026-03-08"]).status == .seeOther)
            page = try await web.get("/settings/reminders").text
            #expect(page.contains("2026-03-02 – 2026-03-08"))
            let remove = try #require(page.range(of: #"/settings/reminders/pauses/[0-9]+/delete"#, options: .regularExpression).map { String(page[$0]) })
            #expect(try await web.submit(page: "/settings/reminders", to: remove, form: [:]).status == .seeOther)
            #expect(try await server.database.pauses(userId: userId).isEmpty)
        }
    }
}
