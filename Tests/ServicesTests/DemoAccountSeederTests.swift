import Foundation
import Health
import Insights
import Services
import Storage
import TaskSteps
import Testing
import Workouts

/// `kiroku demo` on a real SQLite file: every system has something to show, nothing lies in the future, and the
/// insights page finds the relationship the demo was built with (a longer night, a better mood).
@Suite struct DemoAccountSeederTests {
    /// A Wednesday afternoon in Tokyo.
    static let now = LocalDay(year: 2026, month: 11, day: 25).start(in: TimeZone(identifier: "Asia/Tokyo") ?? .gmt).addingTimeInterval(15 * 3600)

    @Test func aDemoAccountHasTrainingTasksSleepAndMoodBesideItsRecords() async throws {
        let database = try AppDatabase.temporary()
        var user = try await database.createUser(User(username: "demo", passwordHash: "x", createdAt: Self.now))
        user.timeZone = "Asia/Tokyo"
        let timeZone = user.resolvedTimeZone
        let seeded = try await DemoAccountSeeder(database: database, days: 120).seed(user, language: .en, now: Self.now)
        let userId = try user.savedId

        // Twelve weeks of three sessions: every week has volume, and the squat got heavier.
        let dashboard = try await WorkoutService(database: database).dashboard(user: user, span: .w12, now: Self.now)
        #expect(dashboard.trend.count == 12)
        #expect(dashboard.trend.dropLast().allSatisfy { $0.setCount >= 15 }, "\(dashboard.trend.map(\.setCount))")
        let squat = try #require(ExerciseCatalog.match(name: "Squat"))
        let squatWeeks = try #require(dashboard.exercises.first { $0.exerciseId == squat.id }?.points)
        #expect(try #require(squatWeeks.last?.bestE1RM) > (try #require(squatWeeks.first?.bestE1RM)) + 20)
        #expect(seeded.sets > 150)

        // Three tasks, one finished, ticked off on days of the past.
        let tasks = try await TaskStepsService(database: database).tasks(userId: userId)
        #expect(tasks.count == 3 && seeded.tasks == 3)
        #expect(tasks.filter { $0.completedAt != nil }.count == 1)
        #expect(tasks.flatMap(\.steps).allSatisfy { ($0.completedAt ?? Self.now) <= Self.now })
        let activity = try await TaskStepsService(database: database).activity(userId: userId, timeZone: timeZone, days: 60, now: Self.now)
        #expect(activity.perDay.count >= 8, "\(activity.perDay)")

        // A night's sleep for every day and a mood most evenings; nothing after now.
        let insights = InsightsService(database: database)
        let period = DayPeriod(first: LocalDay(Self.now, in: timeZone).adding(days: -119), last: LocalDay(Self.now, in: timeZone))
        let series = try await insights.insightSeries(userId: userId, days: period, timeZone: timeZone)
        let sleep = try #require(series.first { $0.metricID == "sleepAnalysis" })
        let mood = try #require(series.first { $0.metricID == InsightMetric.mood })
        #expect(sleep.points.count == 120)
        #expect((80...110).contains(mood.points.count), "\(mood.points.count)")
        #expect(seeded.records > 120 * 6)

        let overview = try await insights.insights(userId: userId, today: LocalDay(Self.now, in: timeZone), timeZone: timeZone, target: nil)
        let sleepAndMood = overview.result.shown.filter {
            Set([$0.leadingMetricID, $0.followingMetricID]) == ["sleepAnalysis", InsightMetric.mood] && $0.lag == 0
        }
        #expect(sleepAndMood.count == 1, "\(overview.result.shown.map(\.id))")
        #expect(sleepAndMood.first?.kind == .positive)

        // The inbox holds the whole history, but only the last week's messages are new: a handful, not sixty.
        let inbox = InboxService(database: database)
        let unread = try await inbox.unreadCount(userId: userId)
        let all = try await inbox.messages(userId: userId, page: PageRequest(limit: 200)).items
        #expect(all.count > 30, "\(all.count) messages")
        #expect((1...12).contains(unread), "\(unread) unread")
        let weekAgo = LocalDay(Self.now, in: timeZone).adding(days: -DemoAccountSeeder.unreadDays).start(in: timeZone)
        #expect(all.filter { $0.readAt == nil }.allSatisfy { $0.createdAt >= weekAgo })
    }
}
