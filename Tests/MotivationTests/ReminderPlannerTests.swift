import Foundation
import Health
import Motivation
import Testing

@Suite struct ReminderPlannerTests {
    private let tokyo = Fixture.tokyo

    /// An instant on day `n` at a Tokyo wall-clock time.
    private func at(_ n: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        TimeOfDay(hour: hour, minute: minute).instant(on: Fixture.d(n), in: tokyo)
    }

    private func planner(_ dataDays: Set<LocalDay>, sent: [SentReminder] = [], pauses: [PauseRange] = [], preferred: TimeOfDay? = nil, entries: [TimeOfDay] = [TimeOfDay(hour: 19)]) -> ReminderPlanner {
        ReminderPlanner(dataDays: dataDays, recentEntryTimes: entries, preferredTime: preferred, pauses: pauses, sent: sent)
    }

    /// Runs the scheduler every 15 minutes through day `n` and records what it sends, as a server would.
    private func runDay(_ n: Int, dataDays: Set<LocalDay>, sent: inout [SentReminder], pauses: [PauseRange] = [], entries: [TimeOfDay] = [TimeOfDay(hour: 19)]) -> [Reminder] {
        var delivered: [Reminder] = []
        for quarter in 0..<96 {
            let now = Fixture.d(n).start(in: tokyo).addingTimeInterval(Double(quarter) * 900)
            for channel in ReminderChannel.allCases {
                if case let .send(reminder) = planner(dataDays, sent: sent, pauses: pauses, entries: entries).decide(channel: channel, now: now, timeZone: tokyo) {
                    delivered.append(reminder)
                    sent.append(SentReminder(day: reminder.day, channel: reminder.channel))
                }
            }
        }
        return delivered
    }

    @Test func aMissedDayGivesExactlyOneReminderPerChannelTheNextDay() {
        var sent: [SentReminder] = []
        let delivered = runDay(6, dataDays: Fixture.days(1...4), sent: &sent)
        #expect(delivered.count == ReminderChannel.allCases.count)
        #expect(Set(delivered.map(\.channel)) == Set(ReminderChannel.allCases))
        #expect(delivered.allSatisfy { $0.missedDay == Fixture.d(5) && $0.ordinal == 1 })
        #expect(Set(delivered.map(\.idempotencyKey)).count == delivered.count)
    }

    @Test func theReminderComesAtTheUsualTime() {
        let entries = [TimeOfDay(hour: 7, minute: 30), TimeOfDay(hour: 8), TimeOfDay(hour: 21), TimeOfDay(hour: 8, minute: 15), TimeOfDay(hour: 7, minute: 45)]
        let usual = planner(Fixture.days(1...4), entries: entries)
        #expect(usual.usualTime == TimeOfDay(hour: 8))
        #expect(usual.decide(channel: .inbox, now: at(6, 7, 59), timeZone: tokyo) == .wait(until: at(6, 8)))
        guard case .send = usual.decide(channel: .inbox, now: at(6, 8), timeZone: tokyo) else {
            Issue.record("expected a reminder at 08:00")
            return
        }
        let preferred = planner(Fixture.days(1...4), preferred: TimeOfDay(hour: 12), entries: entries)
        #expect(preferred.decide(channel: .inbox, now: at(6, 9), timeZone: tokyo) == .wait(until: at(6, 12)))
    }

    @Test func noReminderWhenNothingWasMissedOrTodayIsRecorded() {
        #expect(planner(Fixture.days(1...5)).decide(channel: .inbox, now: at(6, 20), timeZone: tokyo) == .silent(.nothingMissed))
        #expect(planner(Fixture.days(1...4).union([Fixture.d(6)])).decide(channel: .inbox, now: at(6, 20), timeZone: tokyo) == .silent(.recordedToday))
        #expect(planner([]).decide(channel: .inbox, now: at(6, 20), timeZone: tokyo) == .silent(.nothingRecordedYet))
    }

    @Test func aRecordForYesterdayEnteredThisMorningMeansNothingWasMissed() {
        var sent: [SentReminder] = []
        #expect(runDay(6, dataDays: Fixture.days(1...5), sent: &sent).isEmpty)
    }

    @Test func aPausedUserGetsNone() throws {
        let pause = try PauseRange(first: Fixture.d(5), last: Fixture.d(12))
        var sent: [SentReminder] = []
        #expect(runDay(6, dataDays: Fixture.days(1...4), sent: &sent, pauses: [pause]).isEmpty)
        #expect(runDay(13, dataDays: Fixture.days(1...4), sent: &sent, pauses: [pause]).isEmpty)
        #expect(planner(Fixture.days(1...4), pauses: [pause]).decide(channel: .inbox, now: at(6, 20), timeZone: tokyo) == .silent(.paused))
    }

    @Test func aUsualTimeInsideQuietHoursMovesToTheirEnd() {
        var sent: [SentReminder] = []
        let delivered = runDay(6, dataDays: Fixture.days(1...4), sent: &sent, entries: [TimeOfDay(hour: 23, minute: 30)])
        #expect(delivered.count == ReminderChannel.allCases.count)
        #expect(delivered.allSatisfy { $0.dueAt == at(6, 7) })
        #expect(delivered.allSatisfy { !QuietHours.standard.contains(TimeOfDay($0.dueAt, in: tokyo)) })
    }

    @Test func nothingIsSentInsideQuietHours() {
        let late = planner(Fixture.days(1...4), entries: [TimeOfDay(hour: 20)])
        #expect(late.decide(channel: .webhook, now: at(6, 22, 30), timeZone: tokyo) == .silent(.quietHours))
        #expect(late.decide(channel: .webhook, now: at(6, 3), timeZone: tokyo) == .wait(until: at(6, 20)))
    }

    @Test func threeUnansweredRemindersThenSilenceUntilTheNextRecord() {
        var sent: [SentReminder] = []
        let days = Fixture.days(1...4)
        let perDay = (6...9).map { runDay($0, dataDays: days, sent: &sent).count }
        let channels = ReminderChannel.allCases.count
        #expect(perDay == [channels, channels, channels, 0])
        #expect(planner(days, sent: sent).decide(channel: .inbox, now: at(10, 20), timeZone: tokyo) == .silent(.stoppedUntilNextRecord))
        // Recording on day 10, then missing day 11, starts over.
        let afterRecord = days.union([Fixture.d(10)])
        let again = runDay(12, dataDays: afterRecord, sent: &sent)
        #expect(again.count == channels)
        #expect(again.allSatisfy { $0.ordinal == 1 })
    }

    @Test func messagesAreGentleInBothLanguages() {
        var sent: [SentReminder] = []
        let messages = (6...8).flatMap { runDay($0, dataDays: Fixture.days(1...4), sent: &sent) }.map(\.message)
        #expect(Set(messages).count == 3)
        for message in messages {
            #expect(!message.ja.isEmpty && !message.en.isEmpty)
            #expect(!message.en.lowercased().contains("lost") && !message.en.lowercased().contains("fail"))
        }
    }

    @Test func theIdempotencyKeyIsTheDayAndChannel() {
        #expect(SentReminder.idempotencyKey(day: Fixture.d(6), channel: .webhook) == "reminder:2026-03-06:webhook")
        #expect(SentReminder(day: Fixture.d(6), channel: .inbox).idempotencyKey != SentReminder(day: Fixture.d(6), channel: .webhook).idempotencyKey)
    }

    @Test func quietHoursWrapPastMidnight() {
        let quiet = QuietHours.standard
        #expect(quiet.contains(TimeOfDay(hour: 22)))
        #expect(quiet.contains(TimeOfDay(hour: 2)))
        #expect(!quiet.contains(TimeOfDay(hour: 7)))
        #expect(!quiet.contains(TimeOfDay(hour: 21, minute: 59)))
        let daytime = QuietHours(start: TimeOfDay(hour: 13), end: TimeOfDay(hour: 14))
        #expect(daytime.contains(TimeOfDay(hour: 13, minute: 30)) && !daytime.contains(TimeOfDay(hour: 14)))
    }
}

@Suite struct ReminderFirstContactTests {
    @Test func aUserAwayForWeeksIsNotRemindedWhenRemindersAreSwitchedOn() {
        let planner = ReminderPlanner(dataDays: Fixture.days(1...4), recentEntryTimes: [TimeOfDay(hour: 19)])
        let now = TimeOfDay(hour: 20).instant(on: Fixture.d(30), in: Fixture.tokyo)
        #expect(planner.decide(channel: .inbox, now: now, timeZone: Fixture.tokyo) == .silent(.stoppedUntilNextRecord))
    }

    @Test func pausedDaysDoNotCountAsMissed() throws {
        // Recorded through day 4, paused 5–10, nothing on day 11: day 12 is the day after exactly one missed day.
        let pause = try PauseRange(first: Fixture.d(5), last: Fixture.d(10))
        let planner = ReminderPlanner(dataDays: Fixture.days(1...4), recentEntryTimes: [TimeOfDay(hour: 19)], pauses: [pause])
        let now = TimeOfDay(hour: 20).instant(on: Fixture.d(12), in: Fixture.tokyo)
        guard case let .send(reminder) = planner.decide(channel: .inbox, now: now, timeZone: Fixture.tokyo) else {
            Issue.record("expected a reminder the day after the first missed day after a pause")
            return
        }
        #expect(reminder.missedDay == Fixture.d(11))
    }
}
