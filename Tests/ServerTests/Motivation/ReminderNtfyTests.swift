import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import Services
import Storage
import Testing
import Webhooks

/// A receiver on loopback that keeps every post's headers and body, as an ntfy server would read them.
struct HeaderKeepingReceiver {
    actor Received {
        var posts: [(headers: HTTPFields, body: String)] = []
        func add(_ headers: HTTPFields, _ body: String) { posts.append((headers, body)) }
    }

    let received = Received()

    func run<Value: Sendable>(_ body: @escaping @Sendable (_ base: String) async throws -> Value) async throws -> Value {
        let router = Router()
        router.post("topic") { [received] request, _ -> HTTPResponse.Status in
            await received.add(request.headers, String(buffer: try await request.body.collect(upTo: 65_536)))
            return .ok
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in try await body("http://127.0.0.1:\(try #require(client.port))") }
    }
}

/// Reminders to an ntfy topic: the kind message as the body, the title and a "record now" button that opens the
/// server's public address in headers; the format is chosen in the API and on the settings page, and anything but
/// json or ntfy is refused in Japanese and English, changing nothing.
@Suite struct ReminderNtfyTests {
    /// Reads an RFC 2047 header value (`=?UTF-8?B?…?=` words) back to text, as ntfy does.
    static func decoded(_ value: String) -> String {
        value.split(separator: " ").map { word -> String in
            guard word.hasPrefix("=?UTF-8?B?"), word.hasSuffix("?="),
                  let data = Data(base64Encoded: String(word.dropFirst(10).dropLast(2))) else { return String(word) }
            return String(decoding: data, as: UTF8.self)
        }.joined()
    }

    @Test func anNtfyReminderHasTheMessageATitleAndAnAbsoluteRecordNowAction() async throws {
        let database = try AppDatabase.temporary()
        let user = try await ReminderPassTests.userWhoMissedADay(database, name: "kaede")
        let receiver = HeaderKeepingReceiver()
        let now = Tokyo.at("2026-11-21 20:30")
        try await receiver.run { base in
            let service = ReminderService(
                database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: true)), publicURL: "https://kiroku.example/"
            )
            _ = try await service.updateSettings(
                userId: user.id!, enabled: nil, preferredTime: nil, quietStart: nil, quietEnd: nil, webhookURL: .some(base + "/topic"),
                webhookFormat: "ntfy", newCalendarToken: false, now: now
            )
            #expect(ReminderPassTests.counts(try await service.runPass(now: now, logger: ReminderPassTests.logger)) == ["inbox": 1, "webhook": 1])
            #expect(try await service.runPass(now: now.addingTimeInterval(300), logger: ReminderPassTests.logger).total == 0, "once only")
        }
        let posts = await receiver.received.posts
        #expect(posts.count == 1)
        let post = try #require(posts.first)
        #expect(post.headers[.contentType] == "text/plain; charset=utf-8")
        #expect(post.body.contains("昨日"), "the message itself, in the user's language: \(post.body)")
        #expect(!post.body.hasPrefix("{"), "not JSON")
        let title = try #require(post.headers[.init("Title")!])
        #expect(title.allSatisfy { $0.isASCII }, "headers stay ASCII")
        #expect(Self.decoded(title) == "記録のリマインダー")
        #expect(post.headers[.init("Click")!] == "https://kiroku.example/records")
        let actions = try #require(post.headers[.init("Actions")!])
        let parts = actions.components(separatedBy: ", ")
        #expect(parts.count == 3)
        #expect(parts.first == "view")
        #expect(Self.decoded(parts[1]) == "今すぐ記録")
        #expect(parts.last == "https://kiroku.example/records", "absolute, so a phone can open it")
    }

    @Test func theJSONFormatCarriesTheAbsoluteActionToo() async throws {
        let database = try AppDatabase.temporary()
        let user = try await ReminderPassTests.userWhoMissedADay(database, name: "ren")
        let receiver = HeaderKeepingReceiver()
        let now = Tokyo.at("2026-11-21 20:30")
        try await receiver.run { base in
            let service = ReminderService(
                database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: true)), publicURL: "http://192.0.2.7:8080"
            )
            _ = try await service.updateSettings(
                userId: user.id!, enabled: nil, preferredTime: nil, quietStart: nil, quietEnd: nil, webhookURL: .some(base + "/topic"),
                newCalendarToken: false, now: now
            )
            _ = try await service.runPass(now: now, logger: ReminderPassTests.logger)
        }
        let post = try #require(await receiver.received.posts.first)
        #expect(post.headers[.contentType] == "application/json; charset=utf-8")
        let payload = try #require(try JSONSerialization.jsonObject(with: Data(post.body.utf8)) as? [String: Any])
        #expect(payload["action"] as? String == "/records")
        #expect(payload["actionURL"] as? String == "http://192.0.2.7:8080/records")
    }

    @Test func theFormatIsChosenInTheAPIAndOnThePageAndAnUnknownOneIsRefused() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("minori")
        try await server.test { client in
            let initial = try await client.execute(uri: "/api/v1/reminders", method: .get, headers: .bearer(token)).json()
            #expect(initial["webhookFormat"] as? String == "json")

            for (language, text) in [("ja", "json か ntfy"), ("en", "Choose json or ntfy")] {
                let refused = try await client.execute(
                    uri: "/api/v1/reminders", method: .put, headers: .bearer(token, language: language),
                    body: jsonBody(["webhookFormat": "xml", "preferredTime": "06:00"])
                )
                #expect(refused.status == .badRequest)
                #expect(refused.errorCode == "unknown_webhook_format")
                #expect(refused.errorMessage?.contains(text) == true, "\(language): \(refused.errorMessage ?? "")")
            }
            let unchanged = try await server.database.reminderSetting(userId: user.id!)
            #expect(unchanged == nil || unchanged?.preferredTime == nil, "nothing saved")

            let saved = try await client.execute(uri: "/api/v1/reminders", method: .put, headers: .bearer(token), body: jsonBody(["webhookFormat": "ntfy"])).json()
            #expect(saved["webhookFormat"] as? String == "ntfy")
            #expect(try await server.database.reminderSetting(userId: user.id!)?.webhookFormat == .ntfy)
        }
    }

    @Test func theSettingsPageOffersBothFormatsAndRefusesAnotherInJapanese() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("tsubasa")
            let userId = try #require(try await server.database.user(username: "tsubasa")?.id)
            let page = try await web.get("/settings/reminders").text
            #expect(page.contains(#"<select name="webhookFormat">"#))
            #expect(page.contains(#"<option value="json" selected>"#))
            #expect(page.contains(#"<option value="ntfy">"#))

            let form = ["enabled": "1", "preferredTime": "", "quietStart": "22:00", "quietEnd": "07:00", "webhookURL": ""]
            #expect(try await web.submit(page: "/settings/reminders", to: "/settings/reminders", form: form.merging(["webhookFormat": "ntfy"]) { $1 }).status == .seeOther)
            #expect(try await server.database.reminderSetting(userId: userId)?.webhookFormat == .ntfy)
            #expect(try await web.get("/settings/reminders").text.contains(#"<option value="ntfy" selected>"#))

            let refused = try await web.submit(page: "/settings/reminders", to: "/settings/reminders", form: form.merging(["webhookFormat": "smtp", "quietStart": "23:00"]) { $1 })
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("Webhook の形式は json か ntfy を選んでください"))
            let kept = try await server.database.reminderSetting(userId: userId)
            #expect(kept?.webhookFormat == .ntfy && kept?.quietStart == "22:00", "nothing changed")
        }
    }
}
