import Foundation
import Health
import Motivation
import Storage

/// Goals: create, list with progress and status, change, stop, and the suggestions (after two weeks of data) the
/// user accepts or dismisses.
extension MotivationService {
    /// What a client asks for when it creates a goal.
    public struct GoalInput: Sendable, Codable {
        public var metric: String
        /// atLeast, atMost or withinRange.
        public var direction: String
        public var target: Double?
        public var lower: Double?
        public var upper: Double?
        /// YYYY-MM-DD.
        public var deadline: String?

        public init(metric: String, direction: String, target: Double? = nil, lower: Double? = nil, upper: Double? = nil, deadline: String? = nil) {
            self.metric = metric
            self.direction = direction
            self.target = target
            self.lower = lower
            self.upper = upper
            self.deadline = deadline
        }
    }

    /// A goal with where it stands today.
    public struct GoalStanding: Sendable {
        public let row: GoalRow
        public let goal: Goal
        public let current: Double?
        public let evaluation: GoalEvaluation?
        public let history: [GoalHistoryRow]
        /// For an active "at most" weight goal: the day the user's chosen pace reaches the target.
        public var forecastDay: LocalDay?
    }

    /// How many days of values a goal or a suggestion looks at.
    static let lookBackDays = 63

    /// The metric's value per local day (the day's total or average, as the catalog aggregates it).
    func dailyValues(userId: Int64, metric: Metric, timeZone: TimeZone, today: LocalDay, days: Int = lookBackDays) async throws -> [LocalDay: Double] {
        let trend = try await SummaryService(database: database).trend(
            userId: userId, metric: metric, from: today.adding(days: -(days - 1)), to: today, timeZone: timeZone
        )
        return Dictionary(trend.days.map { ($0.day, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// A day's total (steps, kcal, minutes asleep) starts again from zero every day, so a goal for one is a goal for
    /// each day: its progress is today's total over the target, not the way from the total of the day it was set.
    static func startsFromZero(_ metric: Metric) -> Bool {
        metric.aggregation != .discrete
    }

    /// What a goal compares with its target: today's total for a daily total (0 before the first record of the day,
    /// nil with nothing in the last `values` days), the latest day's value for a reading such as weight.
    static func currentValue(_ values: [LocalDay: Double], metric: Metric, today: LocalDay) -> Double? {
        guard let latest = values.max(by: { $0.key < $1.key }) else { return nil }
        return startsFromZero(metric) ? values[today] ?? 0 : latest.value
    }

    static func goal(_ row: GoalRow) -> Goal? {
        let direction: GoalDirection
        switch row.direction {
        case "atLeast": direction = .atLeast
        case "atMost": direction = .atMost
        case "withinRange":
            guard let lower = row.lower, let upper = row.upper else { return nil }
            direction = .withinRange(lower: lower, upper: upper)
        default: return nil
        }
        guard let start = LocalDay(row.startDay) else { return nil }
        // A goal kept before daily totals started from zero (see `startsFromZero`) is read as if it had.
        let startValue = MetricCatalog.metric(named: row.metric).map(startsFromZero) == true ? 0 : row.startValue
        return Goal(
            id: String(row.id ?? 0), metricID: row.metric, direction: direction, target: row.target, startValue: startValue,
            startDay: start, deadline: row.deadline.flatMap(LocalDay.init), isActive: row.isActive
        )
    }

    /// Every goal of the user, newest first, with today's progress; records "achieved" and "deadline passed"
    /// in the history the first time they happen.
    public func goals(userId: Int64, now: Date) async throws -> [GoalStanding] {
        let timeZone = try await user(userId).resolvedTimeZone
        let today = RecordDays.today(at: now, in: timeZone)
        var history = try await database.goalHistory(userId: userId)
        var standings: [GoalStanding] = []
        var added: [GoalHistoryRow] = []
        let pace = try await weightPace(userId: userId)
        for row in try await database.goals(userId: userId).reversed() {
            guard let goal = Self.goal(row), let metric = MetricCatalog.metric(named: row.metric) else { continue }
            let values = try await dailyValues(userId: userId, metric: metric, timeZone: timeZone, today: today, days: 14)
            let current = Self.currentValue(values, metric: metric, today: today)
            let evaluation = current.map { goal.evaluate(current: $0, today: today) }
            if let evaluation, let goalId = row.id {
                let known = history.filter { $0.goalId == goalId }.compactMap { Self.entry($0, goalID: goal.id) }
                for entry in goal.newHistoryEntries(after: evaluation, today: today, history: known) {
                    let event = entry.event == .achieved ? "achieved" : "deadlinePassed"
                    added.append(GoalHistoryRow(userId: userId, goalId: goalId, day: today.description, event: event, createdAt: now))
                }
            }
            standings.append(GoalStanding(
                row: row, goal: goal, current: current, evaluation: evaluation, history: [],
                forecastDay: forecastDay(row, current: current, pace: pace, today: today)
            ))
        }
        if !added.isEmpty {
            try await database.appendGoalHistory(added)
            history = try await database.goalHistory(userId: userId)
        }
        return standings.map { standing in
            GoalStanding(
                row: standing.row, goal: standing.goal, current: standing.current, evaluation: standing.evaluation,
                history: history.filter { $0.goalId == standing.row.id }, forecastDay: standing.forecastDay
            )
        }
    }

    static func entry(_ row: GoalHistoryRow, goalID: String) -> GoalHistoryEntry? {
        guard let day = LocalDay(row.day) else { return nil }
        let event: GoalEvent
        switch row.event {
        case "created": event = .created(target: row.value ?? 0)
        case "achieved": event = .achieved
        case "abandoned": event = .abandoned
        case "deadlinePassed": event = .deadlinePassed
        default: event = .targetChanged(from: 0, to: row.value ?? 0)
        }
        return GoalHistoryEntry(goalID: goalID, day: day, event: event)
    }

    /// What a range goal needs: both bounds, above 0, in order.
    public static let rangeBounds = ExpectedValue(
        ja: "範囲の目標には 0 より大きい lower と upper を指定してください（lower は upper 以下）",
        en: "expected lower and upper both above 0, lower no higher than upper, for a withinRange goal"
    )

    /// A goal's number must be one the metric can reach: a day of 1,000,000 steps or a 2,000 kg weight is a slip of
    /// the keyboard, and a goal that can never be met only shows 0 % for ever. The bound is the metric's believable
    /// range, the one a manual entry is held to.
    static func checkBelievable(_ value: Double, field: String, metric: Metric) throws(ServiceError) {
        let highest = metric.plausibleRange.upperBound
        guard value > highest else { return }
        let shown = metric.format(highest)
        throw ServiceError.invalidParameter(field, expected: ExpectedValue(
            ja: "\(metric.name.ja)の目標は \(shown) \(metric.unitLabel(in: .ja)) 以下にしてください",
            en: "expected at most \(shown) \(metric.unitLabel(in: .en)) for a \(metric.name.en.lowercased()) goal"
        ))
    }

    /// A goal of a metric counted in whole units (steps, floors) is a whole number: 8,000.5 steps can be neither
    /// reached nor missed by the half. Refused rather than rounded, as a typo is, naming the two whole numbers
    /// around it.
    static func checkWhole(_ value: Double, field: String, metric: Metric) throws(ServiceError) {
        guard metric.isCountedInWholeUnits, value.rounded() != value else { return }
        let below = metric.format(value.rounded(.down))
        let above = metric.format(value.rounded(.up))
        throw ServiceError.invalidParameter(field, expected: ExpectedValue(
            ja: "\(metric.name.ja)の目標は整数（\(below) か \(above) など）にしてください",
            en: "expected a whole number of \(metric.unitLabel(in: .en)) for a \(metric.name.en.lowercased()) goal, such as \(below) or \(above)"
        ))
    }

    /// A value a person may give as a goal of `metric`: within what it can reach and, for counts, whole.
    static func checkGoalValue(_ value: Double, field: String, metric: Metric) throws(ServiceError) {
        try checkBelievable(value, field: field, metric: metric)
        try checkWhole(value, field: field, metric: metric)
    }

    /// Creates a goal. Bad input (an unknown metric or direction, a missing target, a deadline in the past)
    /// changes nothing.
    public func createGoal(_ input: GoalInput, userId: Int64, now: Date) async throws -> GoalRow {
        guard let metric = MetricCatalog.metric(named: input.metric) else { throw ServiceError.invalidParameter("metric", expected: .metricName) }
        let timeZone = try await user(userId).resolvedTimeZone
        let today = RecordDays.today(at: now, in: timeZone)
        var lower: Double?, upper: Double?
        let target: Double
        switch input.direction {
        case "atLeast", "atMost":
            guard let value = input.target, value.isFinite, value > 0 else { throw ServiceError.invalidParameter("target", expected: .positiveNumber) }
            try Self.checkGoalValue(value, field: "target", metric: metric)
            target = value
        case "withinRange":
            guard let low = input.lower, let high = input.upper, low.isFinite, high.isFinite, low > 0, low <= high else {
                throw ServiceError.invalidParameter("lower", expected: Self.rangeBounds)
            }
            try Self.checkGoalValue(low, field: "lower", metric: metric)
            try Self.checkGoalValue(high, field: "upper", metric: metric)
            lower = low
            upper = high
            if let given = input.target {
                guard given.isFinite, given > 0 else { throw ServiceError.invalidParameter("target", expected: .positiveNumber) }
                try Self.checkGoalValue(given, field: "target", metric: metric)
                target = given
            } else {
                // The middle of 6,000–9,001 steps is 7,500.5, which a count goal cannot be: the whole number below it.
                let middle = (low + high) / 2
                target = metric.isCountedInWholeUnits ? middle.rounded(.down) : middle
            }
        default:
            throw ServiceError.invalidParameter("direction", expected: .oneOf(["atLeast", "atMost", "withinRange"]))
        }
        var deadline: String?
        if let text = input.deadline {
            guard let day = LocalDay(text) else { throw ServiceError.invalidDate("deadline", text: text) }
            guard day > today else {
                throw ServiceError.invalidParameter("deadline", expected: ExpectedValue(
                    ja: "期限は明日（\(today.adding(days: 1))）以降の日付にしてください", en: "expected a day after today (\(today.adding(days: 1)) or later)"
                ))
            }
            deadline = day.description
        }
        let values = try await dailyValues(userId: userId, metric: metric, timeZone: timeZone, today: today, days: 14)
        let start = Self.startsFromZero(metric) ? 0 : values.max { $0.key < $1.key }?.value ?? target
        return try await database.insertGoal(GoalRow(
            userId: userId, metric: metric.id, direction: input.direction, target: target, lower: lower, upper: upper,
            startValue: start, startDay: today.description, deadline: deadline, createdAt: now, updatedAt: now
        ), now: now)
    }

    /// Changes a goal's target or stops it; both are written to its history.
    public func updateGoal(id: Int64, userId: Int64, target: Double?, active: Bool?, now: Date) async throws -> GoalRow {
        guard var row = try await database.goal(id: id, userId: userId) else { throw ServiceError.notFound }
        let today = RecordDays.today(at: now, in: try await user(userId).resolvedTimeZone).description
        var history: [GoalHistoryRow] = []
        if let target {
            guard target.isFinite, target > 0 else { throw ServiceError.invalidParameter("target", expected: .positiveNumber) }
            if let metric = MetricCatalog.metric(named: row.metric) { try Self.checkGoalValue(target, field: "target", metric: metric) }
            if target != row.target {
                history.append(GoalHistoryRow(userId: userId, goalId: id, day: today, event: "targetChanged", value: target, createdAt: now))
                row.target = target
            }
        }
        if let active, active != row.isActive {
            if !active { history.append(GoalHistoryRow(userId: userId, goalId: id, day: today, event: "abandoned", createdAt: now)) }
            row.isActive = active
        }
        row.updatedAt = now
        try await database.updateGoal(row, history: history)
        return row
    }

    public func deleteGoal(id: Int64, userId: Int64) async throws {
        guard try await database.deleteGoal(id: id, userId: userId) else { throw ServiceError.notFound }
    }

    // MARK: Suggestions

    /// Today's suggestions: a weight plan and weekday step targets (once 14 days hold ≥ 10 days of data, and no
    /// goal for that metric is active), and easing or raising each active goal; none the user dismissed in the
    /// last 14 days.
    public func suggestions(userId: Int64, now: Date) async throws -> [GoalSuggestion] {
        let timeZone = try await user(userId).resolvedTimeZone
        let today = RecordDays.today(at: now, in: timeZone)
        let goals = try await database.goals(userId: userId).filter(\.isActive)
        var found: [GoalSuggestion] = []
        let suggester = GoalSuggester()
        if let weight = MetricCatalog.metric(named: "bodyMass"), !goals.contains(where: { $0.metric == weight.id }),
           let plan = suggester.weightPlan(
               dailyWeights: try await dailyValues(userId: userId, metric: weight, timeZone: timeZone, today: today), today: today,
               pace: try await weightPace(userId: userId)
           ) {
            found.append(plan)
        }
        if let steps = MetricCatalog.metric(named: "stepCount"), !goals.contains(where: { $0.metric == steps.id }) {
            // Last week's suggestion (the latest made 7–13 days ago) caps each weekday's rise at 10 %.
            let earlier = try await database.stepTargetSuggestions(
                userId: userId, first: today.adding(days: -13).description, last: today.adding(days: -7).description
            )
            let lastDay = earlier.map(\.day).max()
            let lastWeek = earlier.filter { $0.day == lastDay }.map { WeekdayTarget(weekday: $0.weekday, value: $0.value) }
            let values = try await dailyValues(userId: userId, metric: steps, timeZone: timeZone, today: today)
            // With a year of history, this month's level last year against last year's average scales the targets
            // (bounded ±20 %): a person who walks less every February is not asked for June's steps.
            let year = try await dailyValues(userId: userId, metric: steps, timeZone: timeZone, today: today, days: 400)
            let season = SeasonalFactor.factor(dailyValues: year, today: today)
            if let targets = suggester.dailyTargets(dailyValues: values, today: today, lastWeekTargets: lastWeek, seasonalFactor: season) {
                found.append(targets)
                if case let .dailyTargets(list) = targets.proposal {
                    try await database.saveStepTargetSuggestions(
                        userId: userId, day: today.description, targets: list.map { ($0.weekday, $0.value) }, now: now
                    )
                }
            }
        }
        for row in goals {
            guard let goal = Self.goal(row), let metric = MetricCatalog.metric(named: row.metric) else { continue }
            let values = try await dailyValues(userId: userId, metric: metric, timeZone: timeZone, today: today, days: GoalAdjuster.windowDays + 1)
            if let adjustment = GoalAdjuster().adjustment(goal: goal, dailyValues: values, today: today) { found.append(adjustment) }
        }
        let dismissals = try await database.suggestionDismissals(userId: userId).compactMap { row -> SuggestionDismissal? in
            guard let kind = SuggestionKind(rawValue: row.kind), let day = LocalDay(row.day) else { return nil }
            return SuggestionDismissal(kind: kind, metricID: row.metric, day: day)
        }
        return found.filter { $0.mayBeShown(today: today, dismissals: dismissals) }
    }

    /// Accepts today's suggestion `id`: a weight plan or step targets become a goal, an adjustment changes its goal.
    public func acceptSuggestion(id: String, userId: Int64, now: Date) async throws -> GoalRow {
        guard let suggestion = try await suggestions(userId: userId, now: now).first(where: { $0.id == id }) else { throw ServiceError.notFound }
        switch suggestion.proposal {
        case let .weightPlan(plan):
            return try await createGoal(
                GoalInput(metric: suggestion.metricID, direction: "atMost", target: plan.milestones[0].targetWeight,
                          deadline: plan.milestones[0].earliestDay.description),
                userId: userId, now: now
            )
        case let .dailyTargets(targets):
            let typical = targets.map(\.value).sorted()[targets.count / 2]
            return try await createGoal(GoalInput(metric: suggestion.metricID, direction: "atLeast", target: typical), userId: userId, now: now)
        case let .changeTarget(goalID, _, to):
            guard let goalId = Int64(goalID) else { throw ServiceError.notFound }
            // A count goal's proposal is already the whole number its message offered (`GoalAdjuster`).
            return try await updateGoal(id: goalId, userId: userId, target: to, active: nil, now: now)
        }
    }

    /// Dismisses today's suggestion `id`: the same kind for the same metric is not shown again for 14 days.
    public func dismissSuggestion(id: String, userId: Int64, now: Date) async throws {
        guard let suggestion = try await suggestions(userId: userId, now: now).first(where: { $0.id == id }) else { throw ServiceError.notFound }
        try await database.insertSuggestionDismissal(GoalSuggestionDismissalRow(
            userId: userId, kind: suggestion.kind.rawValue, metric: suggestion.metricID, day: suggestion.day.description, createdAt: now
        ))
    }
}
