import Foundation
import Health
import Logging
import Motivation
import Storage

/// Streaks, habit strength and badges over a user's records: reads the database, runs Motivation's pure rules, and
/// stores what they award. Every write that can earn a badge (a manual record, a finished import, a gateway batch,
/// a ticked task step, a deleted record) ends with `refreshBadgesAfterWrite`.
public struct MotivationService: Sendable {
    public let database: AppDatabase
    public let evaluator: BadgeEvaluator
    /// The drawn share cards on disk; nil where nothing is drawn (the CLI, most tests).
    public let shareCards: ShareCardCache?

    public init(database: AppDatabase, evaluator: BadgeEvaluator = BadgeEvaluator(), shareCards: ShareCardCache? = nil) {
        self.database = database
        self.evaluator = evaluator
        self.shareCards = shareCards
    }

    /// The streak of "any record" and of each metric the user records.
    public struct StreakReport: Sendable {
        public let today: LocalDay
        public let overall: StreakSummary
        /// By metric id, in the catalog's order of ids.
        public let byMetric: [(metric: String, summary: StreakSummary)]
    }

    /// The days with data, overall and per metric, in the user's time zone: each metric's records on the days its
    /// totals count them (a night's sleep on the morning it ends), so a streak and the trend page agree.
    struct DataDays {
        var overall: Set<LocalDay> = []
        var byMetric: [String: Set<LocalDay>] = [:]
    }

    func dataDays(userId: Int64, timeZone: TimeZone) async throws -> DataDays {
        var days = DataDays()
        var sweep = LocalDaySweep(timeZone)
        for (metric, hours) in try await database.recordHours(userId: userId) {
            let boundary = MetricCatalog.metric(named: metric)?.dayBoundary ?? .midnight
            var metricDays = HourlyDataDays(hours: hours, sweep: &sweep, boundary: boundary)
            if !metricDays.hoursToRead.isEmpty {
                let starts = try await database.recordStarts(userId: userId, metric: metric, inHoursStarting: metricDays.hoursToRead)
                metricDays.add(starts, sweep: &sweep)
            }
            days.overall.formUnion(metricDays.days)
            days.byMetric[metric] = metricDays.days
        }
        return days
    }

    func pauses(userId: Int64) async throws -> [PauseRange] {
        try await database.pauses(userId: userId).compactMap { row in
            guard let first = LocalDay(row.firstDay), let last = LocalDay(row.lastDay) else { return nil }
            return try? PauseRange(first: first, last: last)
        }
    }

    func user(_ userId: Int64) async throws -> User {
        guard let user = try await database.user(id: userId) else { throw ServiceError.notFound }
        return user
    }

    public func streaks(userId: Int64, now: Date) async throws -> StreakReport {
        let timeZone = try await user(userId).resolvedTimeZone
        let days = try await dataDays(userId: userId, timeZone: timeZone)
        let calculator = StreakCalculator(pauses: try await pauses(userId: userId))
        let today = RecordDays.today(at: now, in: timeZone)
        return StreakReport(
            today: today,
            overall: calculator.summary(dataDays: days.overall, today: today),
            byMetric: days.byMetric.keys.sorted().map { ($0, calculator.summary(dataDays: days.byMetric[$0]!, today: today)) }
        )
    }

    /// What the badge rules look at, read from the database.
    public func badgeFacts(userId: Int64, now: Date) async throws -> BadgeFacts {
        let account = try await user(userId)
        let timeZone = account.resolvedTimeZone
        let days = try await dataDays(userId: userId, timeZone: timeZone)
        let today = RecordDays.today(at: now, in: timeZone)
        let summary = StreakCalculator(pauses: try await pauses(userId: userId)).summary(dataDays: days.overall, today: today)
        let periods = try await goalPeriodsMet(userId: userId, timeZone: timeZone, today: today)
        var weightLoss = 0.0
        if let weights = try await database.firstAndLatestValue(userId: userId, metric: "bodyMass"), weights.first > 0 {
            weightLoss = max(0, (weights.first - weights.latest) / weights.first * 100)
        }
        return BadgeFacts(
            longestStreak: summary.longest,
            totalRecords: try await database.recordCount(userId: userId),
            dataDays: days.overall.count,
            weightLossPercent: weightLoss,
            stepsTotal: try await database.recordSum(userId: userId, metric: "stepCount"),
            goalsAchieved: try await database.goalHistory(userId: userId).count { $0.event == "achieved" },
            weeklyGoalsMet: periods.weeks,
            monthlyGoalsMet: periods.months,
            workouts: try await database.workoutCount(userId: userId),
            stepTasksDone: try await database.completedStepCount(userId: userId),
            absences: BadgeFacts.absences(in: days.overall, returnsFrom: LocalDay(account.createdAt, in: timeZone))
        )
    }

    /// The ended weeks (at least 5 of 7 days) and months (80 % of days) in which any of the user's goals, active or
    /// stopped, was met since it started; a period counts once however many goals were met in it.
    func goalPeriodsMet(userId: Int64, timeZone: TimeZone, today: LocalDay) async throws -> (weeks: Int, months: Int) {
        var weeks: Set<LocalDay> = []
        var months: Set<LocalDay> = []
        for row in try await database.goals(userId: userId) {
            guard let goal = Self.goal(row), let metric = MetricCatalog.metric(named: row.metric), goal.startDay < today else { continue }
            // Two years back at most: a badge already awarded stays, whatever this window holds.
            let days = min(goal.startDay.days(until: today) + 1, 731)
            let values = try await dailyValues(userId: userId, metric: metric, timeZone: timeZone, today: today, days: days)
            weeks.formUnion(GoalPeriodCounter.metWeeks(goal: goal, dailyValues: values, today: today))
            months.formUnion(GoalPeriodCounter.metMonths(goal: goal, dailyValues: values, today: today))
        }
        return (weeks.count, months.count)
    }

    func storedAwards(userId: Int64) async throws -> [BadgeAward] {
        try await database.badgeAwards(userId: userId).map { BadgeAward(badgeID: $0.badgeId, awardedAt: $0.awardedAt) }
    }

    /// Every visible badge in collection order (earned first, then the closest), with progress and earned date.
    public func badges(userId: Int64, now: Date) async throws -> [BadgeProgress] {
        let facts = try await badgeFacts(userId: userId, now: now)
        return evaluator.evaluate(facts: facts, awarded: try await storedAwards(userId: userId), now: now).collectionOrder
    }

    /// Awards what the facts now earn and withdraws what a deletion took away (only within 24 hours of the award),
    /// posting each award to the inbox. Idempotent: a second call with nothing new changes nothing.
    @discardableResult
    public func refreshBadges(userId: Int64, now: Date) async throws -> [Badge] {
        // A write can achieve a goal: its history line is written first, so the goal badge counts it.
        if try await database.goals(userId: userId).contains(where: \.isActive) { _ = try await goals(userId: userId, now: now) }
        let facts = try await badgeFacts(userId: userId, now: now)
        let evaluation = evaluator.evaluate(facts: facts, awarded: try await storedAwards(userId: userId), now: now)
        guard !evaluation.newAwards.isEmpty || !evaluation.withdrawals.isEmpty else { return [] }
        let awards = evaluation.newAwards.compactMap { award -> (badgeId: String, awardedAt: Date, message: InboxMessage)? in
            guard let badge = BadgeCatalog.badge(id: award.badgeID) else { return nil }
            return (badge.id, award.awardedAt, Self.inboxMessage(for: badge, userId: userId, now: now))
        }
        let stored = try await database.applyBadgeChanges(
            userId: userId, awards: awards, withdrawals: evaluation.withdrawals.map { ($0.badgeID, $0.awardedAt) }
        )
        return stored.compactMap { BadgeCatalog.badge(id: $0.badgeId) }
    }

    /// `refreshBadges` after a write that already succeeded: a failure here must not fail the write, so it is logged.
    public func refreshBadgesAfterWrite(userId: Int64, now: Date) async {
        do {
            try await refreshBadges(userId: userId, now: now)
            try await tickGoalSteps(userId: userId, now: now)
        } catch {
            Logger(label: "kiroku.motivation").warning("badge refresh failed", metadata: [
                "user": "\(userId)", "error": "\(String(describing: type(of: error)))",
            ])
        }
    }

    /// Awards not yet celebrated, now marked celebrated: the page view that asks shows the celebration once.
    public func takeCelebrations(userId: Int64, now: Date) async throws -> [Badge] {
        try await database.takeUncelebratedAwards(userId: userId, now: now).compactMap { BadgeCatalog.badge(id: $0.badgeId) }
    }

    static func inboxMessage(for badge: Badge, userId: Int64, now: Date) -> InboxMessage {
        InboxMessage(
            userId: userId, createdAt: now, kind: "badge",
            title: LocalizedText(ja: "バッジ獲得: \(badge.name.ja)", en: "Badge earned: \(badge.name.en)"),
            body: badge.description, subject: BadgeAwardRow.inboxSubject(badge.id)
        )
    }
}
