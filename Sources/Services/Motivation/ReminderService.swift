import Foundation
import Health
import Logging
import Motivation
import Storage
import Webhooks

/// Gentle reminders after exactly one missed day, on three channels: the inbox, the user's webhook (or ntfy topic)
/// and their private calendar feed. One pass looks at every user; each message is claimed in the reminder log under
/// its idempotency key (user, day, channel) before it goes out, so a second pass, a restart or a second server
/// never sends it twice.
public struct ReminderService: Sendable {
    public let database: AppDatabase
    public let webhooks: AlertWebhookSender
    /// The address people reach this server at (`https://kiroku.example`, no trailing slash): the webhook's
    /// "record now" action must be absolute to open from a phone. Nil leaves the action out.
    public let publicURL: String?
    /// Seals the webhook URL in the database (it often holds a secret topic), as wait alerts do; nil keeps it plain.
    public let secrets: SecretBox?
    /// How often the scheduler inside `kiroku serve` runs a pass.
    public static let passInterval: Duration = .seconds(300)

    public init(database: AppDatabase, webhooks: AlertWebhookSender, publicURL: String? = nil, secrets: SecretBox? = nil) {
        self.database = database
        self.webhooks = webhooks
        self.publicURL = publicURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.secrets = secrets
    }

    /// For callers that do not see the Webhooks module (the CLI): the sender with the given address rule.
    public init(database: AppDatabase, allowPrivateWebhooks: Bool, publicURL: String? = nil, secrets: SecretBox? = nil) {
        self.init(
            database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: allowPrivateWebhooks)), publicURL: publicURL,
            secrets: secrets
        )
    }

    /// What one pass sent, per channel.
    public struct PassReport: Sendable, Equatable {
        public var sent: [ReminderChannel: Int] = [:]
        public var total: Int { sent.values.reduce(0, +) }
        /// Sent per channel name (inbox, webhook, calendar).
        public var byChannelName: [String: Int] { Dictionary(uniqueKeysWithValues: sent.map { ($0.key.rawValue, $0.value) }) }
    }

    /// The JSON a webhook receives.
    struct WebhookPayload: Encodable {
        let kind = "reminder"
        let day: String
        let title: String
        let message: String
        let titleEn: String
        let messageEn: String
        /// Where to record now (the records page, relative to the server).
        let action = Self.recordPath
        /// The same, absolute, when the server knows its public address.
        let actionURL: String?

        static let recordPath = "/records"
    }

    static let title = LocalizedText(ja: "記録のリマインダー", en: "A reminder to record")
    static let recordNow = LocalizedText(ja: "今すぐ記録", en: "Record now")

    public func runPass(now: Date, logger: Logger) async throws -> PassReport {
        var report = PassReport()
        for user in try await database.allUsers() {
            guard let userId = user.id else { continue }
            do {
                for channel in try await remind(user: user, userId: userId, now: now, logger: logger) {
                    report.sent[channel, default: 0] += 1
                }
            } catch {
                logger.warning("reminder pass failed for a user", metadata: ["user": "\(userId)", "error": "\(type(of: error))"])
            }
        }
        return report
    }

    static func time(_ text: String?) -> TimeOfDay? {
        guard let text else { return nil }
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0..<24).contains(parts[0]), (0..<60).contains(parts[1]) else { return nil }
        return TimeOfDay(hour: parts[0], minute: parts[1])
    }

    func remind(user: User, userId: Int64, now: Date, logger: Logger) async throws -> [ReminderChannel] {
        let setting = try await settings(userId: userId, now: now)
        guard setting.enabled else { return [] }
        let timeZone = user.resolvedTimeZone
        let motivation = MotivationService(database: database)
        let days = try await motivation.dataDays(userId: userId, timeZone: timeZone)
        guard !days.overall.isEmpty else { return [] }
        let today = LocalDay(now, in: timeZone)
        let sent = try await database.reminderLog(userId: userId, since: today.adding(days: -31).description).compactMap { row -> SentReminder? in
            guard let day = LocalDay(row.day), let channel = ReminderChannel(rawValue: row.channel) else { return nil }
            return SentReminder(day: day, channel: channel)
        }
        let planner = ReminderPlanner(
            dataDays: days.overall,
            recentEntryTimes: try await database.recentManualRecordTimes(userId: userId, limit: 14).map { TimeOfDay($0, in: timeZone) },
            preferredTime: Self.time(setting.preferredTime),
            quietHours: QuietHours(start: Self.time(setting.quietStart) ?? QuietHours.standard.start, end: Self.time(setting.quietEnd) ?? QuietHours.standard.end),
            pauses: try await motivation.pauses(userId: userId),
            sent: sent
        )
        var channels: [ReminderChannel] = [.inbox]
        if setting.webhookURL != nil { channels.append(.webhook) }
        if setting.calendarTokenHash != nil { channels.append(.calendar) }
        var delivered: [ReminderChannel] = []
        for channel in channels {
            guard case let .send(reminder) = planner.decide(channel: channel, now: now, timeZone: timeZone) else { continue }
            let key = "\(userId):\(reminder.idempotencyKey)"
            let claimed = try await database.claimReminder(ReminderLogRow(
                userId: userId, day: reminder.day.description, channel: channel.rawValue, idempotencyKey: key, sentAt: now, status: "sending"
            ))
            guard claimed else { continue }
            var ok = true
            switch channel {
            case .inbox:
                _ = try await database.insertInboxMessage(InboxMessage(userId: userId, createdAt: now, kind: "reminder", title: Self.title, body: reminder.message))
            case .webhook:
                let actionURL = publicURL.map { $0 + WebhookPayload.recordPath }
                let payload = WebhookPayload(
                    day: reminder.day.description, title: Self.title.ja, message: reminder.message.ja, titleEn: Self.title.en, messageEn: reminder.message.en,
                    actionURL: actionURL
                )
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                let language = Language(rawValue: user.language ?? "") ?? .ja
                let notice = WebhookNotice(
                    title: Self.title.text(in: language), message: reminder.message.text(in: language),
                    action: actionURL.map { WebhookNotice.Action(label: Self.recordNow.text(in: language), url: $0) }
                )
                ok = await webhooks.post(notice, format: setting.webhookFormat, json: try encoder.encode(payload), to: setting.webhookURL ?? "", logger: logger)
            case .calendar:
                // The feed lists this log row from now on.
                break
            }
            try await database.markReminder(key: key, status: ok ? "sent" : "failed")
            if ok { delivered.append(channel) }
        }
        return delivered
    }

    // MARK: Settings and the calendar feed

    /// The user's settings (defaults until they save any), the webhook URL opened (nil if its key is gone).
    public func settings(userId: Int64, now: Date) async throws -> ReminderSettingRow {
        var setting = try await database.reminderSetting(userId: userId) ?? ReminderSettingRow(userId: userId, updatedAt: now)
        if let secrets, let sealed = setting.webhookURL { setting.webhookURL = secrets.open(sealed) }
        return setting
    }

    /// Settings just saved, with the calendar feed's token when this save made a new one: the only time the token is
    /// seen, as only its hash is stored.
    public struct SavedSettings: Sendable {
        public let setting: ReminderSettingRow
        public let newCalendarToken: String?
        /// `/calendar/<token>.ics` of the feed this save made, else nil.
        public var newCalendarPath: String? { newCalendarToken.map(ReminderService.calendarPath) }
    }

    /// The feed's address for `token`, relative to the server.
    public static func calendarPath(token: String) -> String { "/calendar/\(token).ics" }

    /// Saves settings. A webhook address must pass the same address rules as alerts and its format is json or
    /// ntfy; times are HH:MM. `newCalendarToken` makes a fresh private feed address (the old one stops working); the
    /// answer carries its token, once.
    public func updateSettings(
        userId: Int64, enabled: Bool?, preferredTime: String??, quietStart: String?, quietEnd: String?, webhookURL: String??,
        webhookFormat: String? = nil, newCalendarToken: Bool, now: Date
    ) async throws -> SavedSettings {
        var setting = try await settings(userId: userId, now: now)
        if let webhookFormat { setting.webhookFormat = try UnknownWebhookFormat.parse(webhookFormat) }
        if let enabled { setting.enabled = enabled }
        if let preferredTime {
            if let text = preferredTime, Self.time(text) == nil { throw ServiceError.invalidParameter("preferredTime", expected: .timeOfDay) }
            setting.preferredTime = preferredTime
        }
        if let quietStart {
            guard Self.time(quietStart) != nil else { throw ServiceError.invalidParameter("quietStart", expected: .timeOfDay) }
            setting.quietStart = quietStart
        }
        if let quietEnd {
            guard Self.time(quietEnd) != nil else { throw ServiceError.invalidParameter("quietEnd", expected: .timeOfDay) }
            setting.quietEnd = quietEnd
        }
        if let webhookURL {
            if let url = webhookURL, !url.isEmpty {
                setting.webhookURL = try await webhooks.policy.validate(url)
            } else {
                setting.webhookURL = nil
            }
        }
        // Only the hash is kept, as for share links: the new hash replaces the old, so the old address stops working.
        let token = newCalendarToken ? SecretToken.generate() : nil
        if let token { setting.calendarTokenHash = SecretToken.hash(token) }
        setting.updatedAt = now
        var stored = setting
        if let secrets, let url = setting.webhookURL { stored.webhookURL = try secrets.seal(url) }
        try await database.saveReminderSetting(stored)
        return SavedSettings(setting: setting, newCalendarToken: token)
    }

    /// The RFC 5545 calendar of a feed token: one event per calendar reminder of the last 31 days. Nil for a token
    /// nobody holds. The token is looked up by its hash.
    public func calendar(token: String, now: Date) async throws -> String? {
        guard !token.isEmpty, token.count <= 100, let setting = try await database.reminderSetting(calendarTokenHash: SecretToken.hash(token)),
              let user = try await database.user(id: setting.userId) else { return nil }
        let today = LocalDay(now, in: user.resolvedTimeZone)
        let rows = try await database.reminderLog(userId: setting.userId, since: today.adding(days: -31).description)
            .filter { $0.channel == ReminderChannel.calendar.rawValue }
        return ICalendar.document(events: rows.map { row in
            ICalendar.Event(
                uid: "\(row.idempotencyKey.replacingOccurrences(of: ":", with: "-"))@kiroku", start: row.sentAt, minutes: 15,
                summary: "\(Self.title.ja) / \(Self.title.en)",
                description: "記録はいつでもどうぞ。/ Record whenever you like."
            )
        }, stamp: now)
    }
}

/// A minimal RFC 5545 writer: CRLF line ends, text escaped, lines folded at 75 octets.
enum ICalendar {
    struct Event {
        let uid: String
        let start: Date
        let minutes: Int
        let summary: String
        let description: String
    }

    static func document(events: [Event], stamp: Date) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kiroku//Reminders//EN", "CALSCALE:GREGORIAN", "X-WR-CALNAME:Kiroku"]
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                "UID:\(event.uid)",
                "DTSTAMP:\(utc(stamp))",
                "DTSTART:\(utc(event.start))",
                "DURATION:PT\(event.minutes)M",
                "SUMMARY:\(escape(event.summary))",
                "DESCRIPTION:\(escape(event.description))",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Folds a content line so no line exceeds 75 octets, never splitting a UTF-8 character.
    static func fold(_ line: String) -> String {
        var result = ""
        var current = 0
        var limit = 75
        for character in line {
            let size = String(character).utf8.count
            if current + size > limit {
                result += "\r\n "
                current = 0
                limit = 74
            }
            result.append(character)
            current += size
        }
        return result
    }
}
