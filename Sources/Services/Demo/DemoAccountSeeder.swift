import Foundation
import Health
import Storage
import TaskSteps
import Workouts

/// Fills a new demo account so every system has something to show at once: the health records of
/// `DemoDataGenerator`, twelve weeks of a three-day barbell programme that gets a little heavier each week, and
/// three step tasks (one finished, two under way) ticked off on days of the past, for the activity calendar.
/// Written through the same services as a person's own input, so the demo obeys every rule they do.
public struct DemoAccountSeeder: Sendable {
    public let database: AppDatabase
    public let days: Int

    public init(database: AppDatabase, days: Int) {
        self.database = database
        self.days = days
    }

    /// How many days back the demo's inbox messages are still unread.
    public static let unreadDays = 7

    public struct Seeded: Sendable, Equatable {
        public var records = 0
        public var sets = 0
        public var tasks = 0
    }

    /// `progress` is told how much of the whole is done after each batch: records, then sets, then tasks.
    public func seed(
        _ user: User, language: Language, now: Date, progress: @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws -> Seeded {
        let userId = try user.savedId
        let timeZone = user.resolvedTimeZone
        let lastDay = DemoDataGenerator.lastDay(at: now, in: timeZone)
        let records = DemoDataGenerator(days: days).records(endingOn: lastDay, timeZone: timeZone)
            .filter { ($0.start ?? now) <= now }
        let sets = try programme(endingOn: lastDay, timeZone: timeZone).filter { $0.performedAt <= now }
        let tasks = Self.tasks(language: language)
        let total = records.count + sets.count + tasks.count
        var seeded = Seeded()

        let health = HealthRecordService(database: database)
        for chunk in stride(from: 0, to: records.count, by: 500) {
            let batch = Array(records[chunk..<min(chunk + 500, records.count)])
            seeded.records += try await health.add(batch, userId: userId, source: .manual, now: now).count
            progress(seeded.records, total)
        }
        // The badges a year of records earns are dated now, when the demo is made; its person earned them over the
        // year and has seen them.
        try await InboxService(database: database).markAllRead(userId: userId, now: now)
        let workouts = WorkoutService(database: database)
        for set in sets {
            _ = try await workouts.logSet(set, user: user, idempotencyKey: nil, now: set.performedAt)
            seeded.sets += 1
            if seeded.sets % 50 == 0 || seeded.sets == sets.count { progress(seeded.records + seeded.sets, total) }
        }
        let taskService = TaskStepsService(database: database)
        for task in tasks {
            let started = lastDay.adding(days: -min(task.startedDaysAgo, days - 1)).start(in: timeZone).addingTimeInterval(20 * 3600)
            let created = try await taskService.create(
                TaskDraft(title: task.title, dueDate: task.dueInDays.map { lastDay.adding(days: $0) }, tags: task.tags, stepTitles: task.steps.map(\.title)),
                userId: userId, now: started
            ).task
            for (step, plan) in zip(created.steps, task.steps) {
                guard let daysAgo = plan.doneDaysAgo else { continue }
                let done = lastDay.adding(days: -min(daysAgo, days - 1)).start(in: timeZone).addingTimeInterval(21 * 3600)
                guard done <= now, done >= started else { continue }
                _ = try await taskService.updateStep(taskId: created.id, stepId: step.id, userId: userId, title: nil, done: true, now: done)
            }
            seeded.tasks += 1
            progress(seeded.records + seeded.sets + seeded.tasks, total)
        }
        // A person who lived these weeks read the badges and records of the past as they came: only the last
        // week's messages are new, not the sixty-odd that a year of records and twelve weeks of progress post.
        let lastWeek = lastDay.adding(days: -Self.unreadDays).start(in: timeZone)
        try await InboxService(database: database).markRead(userId: userId, postedBefore: lastWeek, now: lastWeek)
        return seeded
    }

    /// Monday and Friday squat and bench press, Wednesday deadlift and overhead press, three sets of five (one
    /// of deadlift) from 18:30; each lift gains its step every week, and one set in eight falls a rep short.
    func programme(endingOn lastDay: LocalDay, timeZone: TimeZone) throws -> [SetInput] {
        struct Lift {
            let name: String
            let start: Double
            let weeklyStep: Double
            let sets: Int
        }
        let sessions: [Int: [Lift]] = [
            1: [Lift(name: "Squat", start: 60, weeklyStep: 2.5, sets: 3), Lift(name: "Bench Press", start: 45, weeklyStep: 1.25, sets: 3)],
            3: [Lift(name: "Deadlift", start: 80, weeklyStep: 2.5, sets: 1), Lift(name: "Overhead Press", start: 30, weeklyStep: 1.25, sets: 3)],
            5: [Lift(name: "Squat", start: 60, weeklyStep: 2.5, sets: 3), Lift(name: "Bench Press", start: 45, weeklyStep: 1.25, sets: 3)],
        ]
        var random = SplitMix64(seed: 2026 &+ 2)
        let span = min(days, 84)
        var inputs: [SetInput] = []
        for offset in stride(from: span - 1, through: 0, by: -1) {
            let day = lastDay.adding(days: -offset)
            guard let lifts = sessions[day.weekday] else { continue }
            let week = Double((span - 1 - offset) / 7)
            var at = day.start(in: timeZone).addingTimeInterval(18.5 * 3600)
            for lift in lifts {
                guard let exercise = ExerciseCatalog.match(name: lift.name) else { throw WorkoutError.unknownExercise }
                let weight = lift.start + lift.weeklyStep * week
                for _ in 0..<lift.sets {
                    let reps = random.unit() < 0.125 ? 4 : 5
                    inputs.append(SetInput(exerciseId: exercise.id, weight: weight, reps: reps, performedAt: at))
                    at.addTimeInterval(180)
                }
            }
        }
        return inputs
    }

    struct PlannedTask {
        let title: String
        let tags: [String]
        let startedDaysAgo: Int
        let dueInDays: Int?
        let steps: [(title: String, doneDaysAgo: Int?)]
    }

    static func tasks(language: Language) -> [PlannedTask] {
        func text(_ ja: String, _ en: String) -> String { LocalizedText(ja: ja, en: en).text(in: language) }
        return [
            PlannedTask(title: text("5 km 走れるようになる", "Run 5 km"), tags: [text("運動", "fitness")], startedDaysAgo: 24, dueInDays: 21, steps: [
                (text("ランニングシューズを用意する", "Get running shoes"), 23),
                (text("1 km を歩きながら走る", "Walk-run 1 km"), 19),
                (text("2 km を走る", "Run 2 km"), 12),
                (text("3 km を走る", "Run 3 km"), 4),
                (text("4 km を走る", "Run 4 km"), nil),
                (text("5 km を走る", "Run 5 km"), nil),
            ]),
            PlannedTask(title: text("部屋を片付ける", "Tidy the room"), tags: [text("家", "home")], startedDaysAgo: 40, dueInDays: nil, steps: [
                (text("机の上", "The desk"), 39),
                (text("本棚", "The bookshelf"), 37),
                (text("クローゼット", "The wardrobe"), 33),
            ]),
            PlannedTask(title: text("健康診断の準備", "Get ready for the health check"), tags: [], startedDaysAgo: 6, dueInDays: 10, steps: [
                (text("予約する", "Book it"), 5),
                (text("問診票を書く", "Fill in the questionnaire"), 1),
                (text("前日は21時以降食べない", "Nothing to eat after 21:00 the day before"), nil),
            ]),
        ]
    }
}
