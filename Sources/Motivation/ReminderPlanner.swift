import Foundation
import Health

/// Decides, for one user, channel and instant, whether a gentle reminder is due (R4).
///
/// The first reminder comes the day after one missed day, at the user's usual time (their preferred time, or the
/// median of their recent entry times), moved to the end of quiet hours when it falls inside them. One a day per
/// channel; none while paused; after three unanswered reminders, silence until the user records again.
public struct ReminderPlanner: Sendable {
    public static let maximumInARow = 3
    /// When the user has neither a preferred time nor recent entries: an evening hour, after work.
    public static let defaultTime = TimeOfDay(hour: 20)

    public let dataDays: Set<LocalDay>
    /// Local times of the user's entries over the last 14 days.
    public let recentEntryTimes: [TimeOfDay]
    public let preferredTime: TimeOfDay?
    public let quietHours: QuietHours
    public let pauses: [PauseRange]
    public let sent: [SentReminder]

    public init(
        dataDays: Set<LocalDay>,
        recentEntryTimes: [TimeOfDay] = [],
        preferredTime: TimeOfDay? = nil,
        quietHours: QuietHours = .standard,
        pauses: [PauseRange] = [],
        sent: [SentReminder] = []
    ) {
        self.dataDays = dataDays
        self.recentEntryTimes = recentEntryTimes
        self.preferredTime = preferredTime
        self.quietHours = quietHours
        self.pauses = pauses
        self.sent = sent
    }

    /// The user's usual time: the preferred one, else the median of recent entry times (the earlier middle one
    /// for an even count, so the nudge never comes after their habit).
    public var usualTime: TimeOfDay {
        if let preferredTime { return preferredTime }
        let sorted = recentEntryTimes.sorted()
        guard !sorted.isEmpty else { return Self.defaultTime }
        return sorted[(sorted.count - 1) / 2]
    }

    /// The time a reminder goes on a day: the usual time, or the end of quiet hours if that falls inside them.
    public var reminderTime: TimeOfDay {
        quietHours.contains(usualTime) ? quietHours.end : usualTime
    }

    public func decide(channel: ReminderChannel, now: Date, timeZone: TimeZone) -> ReminderDecision {
        let today = LocalDay(now, in: timeZone)
        let yesterday = today.adding(days: -1)
        guard let lastRecord = dataDays.filter({ $0 <= today }).max() else { return .silent(.nothingRecordedYet) }
        if lastRecord == today { return .silent(.recordedToday) }
        if pauses.contains(day: today) { return .silent(.paused) }
        guard lastRecord < yesterday, !pauses.contains(day: yesterday) else { return .silent(.nothingMissed) }
        if sent.contains(SentReminder(day: today, channel: channel)) { return .silent(.alreadySent) }
        // Days missed since the last record, paused ones aside: the first reminder follows exactly one missed
        // day, and reminders stop after three days of them, or three sent, whichever comes first. A user away
        // for weeks is never greeted by a reminder when the feature is switched on.
        let missed = (1..<lastRecord.days(until: today)).count { !pauses.contains(day: lastRecord.adding(days: $0)) }
        let unanswered = Set(sent.filter { $0.day > lastRecord && $0.day < today }.map(\.day)).count
        guard missed <= Self.maximumInARow, unanswered < Self.maximumInARow else { return .silent(.stoppedUntilNextRecord) }
        let dueAt = reminderTime.instant(on: today, in: timeZone)
        guard now >= dueAt else { return .wait(until: dueAt) }
        guard !quietHours.contains(TimeOfDay(now, in: timeZone)) else { return .silent(.quietHours) }
        let ordinal = unanswered + 1
        return .send(Reminder(
            day: today,
            missedDay: yesterday,
            channel: channel,
            dueAt: dueAt,
            ordinal: ordinal,
            message: ReminderMessages.message(ordinal: ordinal)
        ))
    }
}
