import Foundation
import Health

/// Walks the days from the first record to today and tells the streak, the best streak, habit strength and
/// what each day was (done, frozen, paused, missed).
///
/// The caller passes the *days* records are dated on, in the user's zone (see ``RecordDays``); so a record for
/// yesterday entered this morning already counts for yesterday, and nothing here needs the entry time.
public struct StreakCalculator: Sendable {
    /// One freeze is earned for every run of this many days with data.
    public static let daysPerFreeze = 7
    /// Freezes held at once, as in the apps that invented them: enough for a weekend, not enough to lie.
    public static let maximumFreezes = 2

    public let pauses: [PauseRange]
    /// Freezes already held before the first day walked: carried over from an earlier summary when the caller
    /// walks a window of recent days instead of the whole history.
    public let freezesAtStart: Int

    public init(pauses: [PauseRange] = [], freezesAtStart: Int = 0) {
        self.pauses = pauses
        self.freezesAtStart = min(max(freezesAtStart, 0), Self.maximumFreezes)
    }

    public func summary(dataDays: Set<LocalDay>, today: LocalDay) -> StreakSummary {
        guard let first = dataDays.filter({ $0 <= today }).min() else { return .empty }
        var state = WalkState(freezes: freezesAtStart)
        var timeline: [StreakDay] = []
        timeline.reserveCapacity(first.days(until: today) + 1)
        var day = first
        while day <= today {
            let status = state.step(
                hasData: dataDays.contains(day),
                isPaused: pauses.contains(day: day),
                isToday: day == today
            )
            if state.longestChanged { state.longestEndedOn = day }
            timeline.append(StreakDay(day: day, status: status, streak: state.current))
            day = day.adding(days: 1)
        }
        return StreakSummary(
            current: state.current,
            longest: state.longest,
            strength: state.strength.score,
            freezesHeld: state.freezes,
            longestEndedOn: state.longestEndedOn,
            timeline: timeline
        )
    }
}

/// The running state of the walk, one day at a time.
private struct WalkState {
    var current = 0
    var longest = 0
    var longestEndedOn: LocalDay?
    var longestChanged = false
    var freezes: Int
    /// Days with data since the last freeze was earned or the run was interrupted.
    var runTowardFreeze = 0
    var strength = HabitStrength()

    init(freezes: Int) {
        self.freezes = freezes
    }

    mutating func step(hasData: Bool, isPaused: Bool, isToday: Bool) -> StreakDayStatus {
        longestChanged = false
        if hasData {
            current += 1
            strength.advance(done: true)
            runTowardFreeze += 1
            if runTowardFreeze == StreakCalculator.daysPerFreeze {
                freezes = min(freezes + 1, StreakCalculator.maximumFreezes)
                runTowardFreeze = 0
            }
            if current > longest {
                longest = current
                longestChanged = true
            }
            return .done
        }
        // A pause is skipped by every rule: no count, no break, no change in strength.
        if isPaused { return .paused }
        // Today is not over: an empty today breaks nothing yet.
        if isToday { return .pending }
        strength.advance(done: false)
        runTowardFreeze = 0
        if current > 0, freezes > 0 {
            freezes -= 1
            return .frozen
        }
        current = 0
        return .missed
    }
}
