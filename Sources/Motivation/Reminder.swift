import Foundation
import Health

/// A reminder to send now.
public struct Reminder: Sendable, Hashable, Codable {
    /// The day it is sent on, in the user's zone; with the channel, what makes it unique.
    public let day: LocalDay
    /// The day without a record that prompted it (yesterday).
    public let missedDay: LocalDay
    public let channel: ReminderChannel
    /// The instant it was due (the user's usual time, moved out of quiet hours).
    public let dueAt: Date
    /// 1 for the first reminder after a record, up to ``ReminderPlanner/maximumInARow``.
    public let ordinal: Int
    public let message: LocalizedText

    public init(day: LocalDay, missedDay: LocalDay, channel: ReminderChannel, dueAt: Date, ordinal: Int, message: LocalizedText) {
        self.day = day
        self.missedDay = missedDay
        self.channel = channel
        self.dueAt = dueAt
        self.ordinal = ordinal
        self.message = message
    }

    public var idempotencyKey: String { SentReminder.idempotencyKey(day: day, channel: channel) }
}

/// Why no reminder goes out now.
public enum ReminderSilence: String, Sendable, Hashable, Codable {
    /// Nothing recorded ever: there is no habit to remind of yet.
    case nothingRecordedYet
    /// Today already has a record.
    case recordedToday
    /// Yesterday had a record (or was paused): nothing was missed.
    case nothingMissed
    case paused
    /// This channel already had today's reminder.
    case alreadySent
    /// Three reminders went unanswered; the next record starts over.
    case stoppedUntilNextRecord
    /// Now is inside quiet hours.
    case quietHours
}

/// What the scheduler should do for one channel at one instant.
public enum ReminderDecision: Sendable, Hashable {
    case send(Reminder)
    /// A reminder is owed today but its time has not come.
    case wait(until: Date)
    case silent(ReminderSilence)
}
