import Foundation
import Health
import Logging
@testable import Server
import Services
import Storage
import Testing
import Webhooks

/// Reminder passes against a real webhook receiver on loopback: one message per channel after a missed day, none
/// while paused, none in quiet hours, and nothing twice — not from a second pass, not after a restart.
@Suite struct ReminderPassTests {
    static let logger = Logger(label: "test")

    /// A user who recorded at 20:00 Tokyo time on Nov 18 and 19 and missed Nov 20; the reminder is due Nov 21.
    static func userWhoMissedADay(_ database: AppDatabase, name: String) async throws -> User {
        let user = try await database.createUser(User(username: name, passwordHash: "x", createdAt: Tokyo.at("2026-11-01 09:00")))
        let records = HealthRecordService(database: database)
        for day in ["2026-11-18", "2026-11-19"] {
            _ = try await records.add([RecordInput(metric: "bodyMass", value: 60, unit: "kg", start: Tokyo.at("\(day) 20:00"))], userId: user.id!, now: Tokyo.at("\(day) 20:01"))
        }
        return user
    }

    /// Messages sent per channel name.
    static func counts(_ report: ReminderService.PassReport) -> [String: Int] {
        report.byChannelName
    }

    static func service(_ database: AppDatabase) -> ReminderService {
        ReminderService(database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: true)))
    }

    @Test func aMissedDayGivesOneMessagePerChannelAndASecondPassOrARestartSendsNothing() async throws {
        let database = try AppDatabase.temporary()
        let user = try await Self.userWhoMissedADay(database, name: "hanako")
        let fixtures = FixtureServer()
        let now = Tokyo.at("2026-11-21 20:30")
        try await fixtures.run { base in
            let service = Self.service(database)
            let saved = try await service.updateSettings(
                userId: user.id!, enabled: nil, preferredTime: nil, quietStart: nil, quietEnd: nil, webhookURL: .some(base + "/hook"),
                newCalendarToken: true, now: now
            )
            #expect(try await service.runPass(now: Tokyo.at("2026-11-21 19:00"), logger: Self.logger).total == 0, "not before the usual time")
            let first = try await service.runPass(now: now, logger: Self.logger)
            #expect(Self.counts(first) == ["inbox": 1, "webhook": 1, "calendar": 1])
            #expect(try await service.runPass(now: now, logger: Self.logger).total == 0, "a second pass at the same instant")
            // A restart: a new service over the same database.
            #expect(try await Self.service(database).runPass(now: now.addingTimeInterval(60), logger: Self.logger).total == 0)

            let token = try #require(saved.newCalendarToken)
            let feed = try #require(try await service.calendar(token: token, now: now))
            #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
            #expect(feed.components(separatedBy: "BEGIN:VEVENT").count - 1 == 1)
            #expect(feed.contains("DTSTART:20261121T113000Z"))
            #expect(feed.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
            #expect(try await service.calendar(token: "not-a-token", now: now) == nil)
        }
        let bodies = await fixtures.received.bodies
        #expect(bodies.count == 1)
        let payload = try JSONSerialization.jsonObject(with: Data(try #require(bodies.first).body.utf8)) as? [String: Any]
        #expect(payload?["kind"] as? String == "reminder")
        #expect(payload?["action"] as? String == "/records")
        #expect((payload?["message"] as? String)?.contains("昨日") == true)
        let inbox = try await database.inbox(userId: user.id!).filter { $0.kind == "reminder" }
        #expect(inbox.count == 1)
    }

    @Test func aPausedUserGetsNothing() async throws {
        let database = try AppDatabase.temporary()
        let user = try await Self.userWhoMissedADay(database, name: "jiro")
        _ = try await database.insertPause(MotivationPauseRow(userId: user.id!, firstDay: "2026-11-20", lastDay: "2026-11-25", createdAt: Tokyo.at("2026-11-19 21:00")))
        let report = try await Self.service(database).runPass(now: Tokyo.at("2026-11-21 20:30"), logger: Self.logger)
        #expect(report.total == 0)
        #expect(try await database.inbox(userId: user.id!).filter { $0.kind == "reminder" }.isEmpty)
    }

    @Test func quietHoursAreRespected() async throws {
        let database = try AppDatabase.temporary()
        let user = try await Self.userWhoMissedADay(database, name: "saburo")
        let service = Self.service(database)
        // Quiet from 20:00 to 23:00: the usual 20:00 falls inside, so the reminder waits for 23:00.
        _ = try await service.updateSettings(
            userId: user.id!, enabled: nil, preferredTime: nil, quietStart: "20:00", quietEnd: "23:00", webhookURL: nil, newCalendarToken: false,
            now: Tokyo.at("2026-11-21 08:00")
        )
        #expect(try await service.runPass(now: Tokyo.at("2026-11-21 20:30"), logger: Self.logger).total == 0)
        #expect(try await service.runPass(now: Tokyo.at("2026-11-21 22:59"), logger: Self.logger).total == 0)
        #expect(Self.counts(try await service.runPass(now: Tokyo.at("2026-11-21 23:10"), logger: Self.logger)) == ["inbox": 1])
    }
}
