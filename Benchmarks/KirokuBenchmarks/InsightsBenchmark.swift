import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import Logging
import Server
import Services
import Storage

/// Trends pages and insights for a user with years of imported data: minute-level heart rate (the bulk of a
/// real Apple Watch history), steps every 30 minutes and a daily weight. Timed per request through the router
/// (token check, controller, SQLite, statistics, JSON) and, for the metric page, the service alone.
///
/// The issue's target is p95 under 100 ms for 10 years (~5.3 million heart-rate rows). The pages read the hourly
/// rollups the records' triggers keep, so a year page of minute-level heart rate reads 2 × 8,760 hour rows.
enum InsightsBenchmark {
    static func seed(_ database: AppDatabase, userId: Int64, years: Int, now: Date) async throws {
        let days = years * 365
        let start = now.addingTimeInterval(-Double(days) * 86_400)
        // Inserted a month at a time so memory stays flat.
        var batch: [HealthRecord] = []
        batch.reserveCapacity(31 * 1_440)
        for day in 0..<days {
            let dayStart = start.addingTimeInterval(Double(day) * 86_400)
            for minute in 0..<1_440 {
                let at = dayStart.addingTimeInterval(Double(minute) * 60)
                let bpm = 60 + 25 * sin(Double(minute) / 229) + Double((day * 13 + minute * 7) % 11)
                batch.append(HealthRecord(userId: userId, metric: "heartRate", value: bpm, originalValue: bpm, originalUnit: "count/min",
                                          startAt: at, endAt: at, source: .import, externalId: "hr-\(day)-\(minute)", createdAt: now))
            }
            for half in 0..<48 {
                let at = dayStart.addingTimeInterval(Double(half) * 1_800)
                let steps = Double(50 + (day * 31 + half * 7) % 400)
                batch.append(HealthRecord(userId: userId, metric: "stepCount", value: steps, originalValue: steps, originalUnit: "count",
                                          startAt: at, endAt: at.addingTimeInterval(1_800), source: .import, externalId: "st-\(day)-\(half)", createdAt: now))
            }
            let weight = 75 - Double(day) / Double(days) * 5 + sin(Double(day)) * 0.4
            let morning = dayStart.addingTimeInterval(7 * 3_600)
            batch.append(HealthRecord(userId: userId, metric: "bodyMass", value: weight, originalValue: weight, originalUnit: "kg",
                                      startAt: morning, endAt: morning, source: .import, externalId: "w-\(day)", createdAt: now))
            if day % 31 == 30 || day == days - 1 {
                _ = try await database.insertRecords(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
    }

    static func run(repetitions: Int, years: Int) async throws {
        // Seeding ten years takes minutes: KIROKU_BENCH_INSIGHTS_DB names a database an earlier run seeded (its
        // path is printed) to time the requests again on the same rows.
        let reused = ProcessInfo.processInfo.environment["KIROKU_BENCH_INSIGHTS_DB"]
        let database = try reused.map { try AppDatabase.open(path: $0) } ?? AppDatabase.temporary()
        let hasher = PasswordHasher(cost: 4)
        let accounts = AccountService(database: database, hasher: hasher, rateLimiter: LoginRateLimiter(limits: .init()))
        let now = Date()
        let existing = reused == nil ? nil : try await database.user(username: "insights")
        let user: User
        if let existing { user = existing } else { user = try await accounts.signUp(username: "insights", password: "correct horse battery", now: now) }
        let (token, _) = try await accounts.createToken(for: user.id!, name: "bench", now: now)
        // The web pages are timed signed in as a browser is: with a session cookie.
        let (sessionCookie, _) = try await accounts.startSession(for: user, now: now)
        let clock = ContinuousClock()
        if existing == nil {
            let seeding = clock.now
            try await seed(database, userId: user.id!, years: years, now: now)
            print("seeded in \(clock.now - seeding)")
        }
        let rows = try await database.recordCount(userId: user.id!)
        print("\(rows) records (\(years) years of minute-level heart rate, 30-minute steps, daily weight) (KIROKU_BENCH_INSIGHTS_DB=\(reused ?? "the newest kiroku-test-* under the temporary directory"))")

        let service = InsightsService(database: database)
        let timeZone = user.resolvedTimeZone
        let today = LocalDay(now, in: timeZone)
        let heartRate = MetricCatalog.metric(named: "heartRate")!
        for kind in ["month", "year"] {
            let request = try TrendPeriodRequest.parse(period: kind, today: today)
            var seconds: [Double] = []
            for round in 0...repetitions {
                let start = clock.now
                _ = try await service.trend(userId: user.id!, metric: heartRate, request: request, today: today, timeZone: timeZone)
                if round > 0 { seconds.append(elapsed(since: start, clock: clock)) }
            }
            WorkoutsBenchmark.report("InsightsService.trend(heartRate, \(kind)), no HTTP", seconds)
        }

        let app = try await buildApplication(
            configuration: AppConfiguration(port: 0), dependencies: AppDependencies(database: database, hasher: hasher),
            logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
        )
        let paths = [
            ("GET /api/v1/trends/heartRate?period=month", "/api/v1/trends/heartRate?period=month"),
            ("GET /api/v1/trends/heartRate?period=year", "/api/v1/trends/heartRate?period=year"),
            ("GET /api/v1/trends/stepCount?period=year", "/api/v1/trends/stepCount?period=year"),
            ("GET /api/v1/trends/bodyMass?period=month", "/api/v1/trends/bodyMass?period=month"),
            ("GET /api/v1/insights", "/api/v1/insights"),
        ]
        let pages = [
            ("GET /trends/heartRate?period=month (page)", "/trends/heartRate?period=month"),
            ("GET /trends/heartRate?period=year (page)", "/trends/heartRate?period=year"),
            ("GET /trends/stepCount?period=year (page)", "/trends/stepCount?period=year"),
            ("GET /trends/bodyMass?period=year (page)", "/trends/bodyMass?period=year"),
            ("GET /insights (page)", "/insights"),
        ]
        try await app.test(.router) { client in
            for (name, path) in paths {
                var seconds: [Double] = []
                for round in 0...repetitions {
                    let start = clock.now
                    let response = try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(token)"])
                    guard response.status == .ok else { throw CancellationError() }
                    if round > 0 { seconds.append(elapsed(since: start, clock: clock)) }
                }
                WorkoutsBenchmark.report(name, seconds)
            }
            for (name, path) in pages {
                var seconds: [Double] = []
                for round in 0...repetitions {
                    let start = clock.now
                    let response = try await client.execute(
                        uri: path, method: .get, headers: [.cookie: "kiroku_session=\(sessionCookie)", .accept: "text/html"]
                    )
                    guard response.status == .ok else { throw CancellationError() }
                    if round > 0 { seconds.append(elapsed(since: start, clock: clock)) }
                }
                WorkoutsBenchmark.report(name, seconds)
            }
        }
    }

    static func elapsed(since start: ContinuousClock.Instant, clock: ContinuousClock) -> Double {
        let duration = clock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
