import Foundation
import GRDB
import Health
import Logging
import Services
import Storage
import Testing
import WaitTimes
import Webhooks
import TestSupport

/// A webhook URL often carries a secret (an ntfy topic, a Slack token): the database holds it sealed with a key kept
/// outside it, while the owner, the export and the post itself see the URL as typed.
@Suite struct SealedWebhookTests {
    static let sunday = WebhookAddressTests.sunday

    @Test func theDatabaseHoldsNoWebhookURLYetTheAlertStillPostsToIt() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-secrets-\(UUID().uuidString)")
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let userId = try #require(user.id)
        let secrets = SecretBox(dataDirectory: directory)
        let listener = WebhookListener()
        try await listener.run { port in
            let service = WaitTimeService(
                database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: true)), secrets: secrets, now: { Self.sunday }
            )
            let url = "http://127.0.0.1:\(port)/hook?topic=secret-topic-42"
            let saved = try await service.createAlert(WaitAlertDraft(maxMinutes: "20", webhookURL: url), storeId: "kannami", userId: userId, now: Self.sunday)
            #expect(saved.inserted)
            #expect(saved.alert.webhookURL == url, "the owner sees what they typed")
            let again = try await service.createAlert(WaitAlertDraft(maxMinutes: "20", webhookURL: url), storeId: "kannami", userId: userId, now: Self.sunday)
            #expect(!again.inserted, "the same alert sent twice is still stored once")

            let stored = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT webhookURL FROM waitAlert") }
            #expect(stored.count == 1)
            #expect(stored.allSatisfy { !$0.contains("secret-topic") && !$0.contains("127.0.0.1") }, "sealed in the database: \(stored)")
            #expect(try await service.alerts(userId: userId, storeId: "kannami").map(\.webhookURL) == [url])

            let observation = WaitObservation(storeId: "kannami", observedAt: Self.sunday, minutes: 15, status: .available, source: "test")
            _ = try await service.record([observation], now: Self.sunday, logger: Logger(label: "test"))
        }
        #expect(await listener.received.requests.map(\.path) == ["/hook"], "the post reached the URL the user typed")
        let key = directory.appendingPathComponent("secrets.key")
        #expect(try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? Int == 0o600)

        // Without the key (a leaked database or backup) the URL cannot be read back.
        let stranger = SecretBox(dataDirectory: TestFiles.directory.appendingPathComponent("kiroku-other-\(UUID().uuidString)"))
        let stored = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT webhookURL FROM waitAlert") }
        #expect(stranger.open(try #require(stored.first)) == nil)
        #expect(secrets.open("https://ntfy.sh/plain-from-before") == "https://ntfy.sh/plain-from-before", "a URL saved before sealing still reads")
    }

    /// Reminder webhooks too: sealed in the database, as typed for the owner, in the export and in the post.
    @Test func aReminderWebhookIsSealedYetReachesItsURL() async throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-secrets-\(UUID().uuidString)")
        let database = try AppDatabase.temporary()
        let user = try await ReminderPassTests.userWhoMissedADay(database, name: "shizuka")
        let userId = try #require(user.id)
        let secrets = SecretBox(dataDirectory: directory)
        let receiver = HeaderKeepingReceiver()
        try await receiver.run { base in
            let service = ReminderService(
                database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: true)), secrets: secrets
            )
            let url = base + "/topic?secret-topic-42"
            let saved = try await service.updateSettings(
                userId: userId, enabled: nil, preferredTime: nil, quietStart: nil, quietEnd: nil, webhookURL: .some(url), webhookFormat: "ntfy",
                newCalendarToken: false, now: Tokyo.at("2026-11-21 08:00")
            )
            #expect(saved.setting.webhookURL == url, "the owner sees what they typed")
            #expect(try await service.settings(userId: userId, now: Date()).webhookURL == url)
            let stored = try await database.writer.read { db in try String.fetchAll(db, sql: "SELECT webhookURL FROM reminderSetting") }
            #expect(stored.count == 1 && stored.allSatisfy { !$0.contains("secret-topic") && !$0.contains("127.0.0.1") }, "sealed: \(stored)")

            let export = try await DataExporter(database: database, secrets: secrets).json(user: user, now: Date())
            let motivation = try #require((try JSONSerialization.jsonObject(with: export) as? [String: Any])?["motivation"] as? [String: Any])
            #expect((motivation["reminderSetting"] as? [[String: Any]])?.first?["webhookURL"] as? String == url, "the export holds what was typed")

            _ = try await service.runPass(now: Tokyo.at("2026-11-21 20:30"), logger: Logger(label: "test"))
        }
        #expect(await receiver.received.posts.count == 1, "the reminder reached the URL the user typed")
    }
}
