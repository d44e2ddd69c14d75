import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Server
import Services
import Storage
import Workouts

/// The Workouts API's read paths for a user with 50,000 sets, timed per request through the whole router
/// (authentication middleware, controller, SQLite, JSON encoding), so the numbers are what the phone waits for
/// minus the network. Reports p50 / p95 / p99 over many requests, since the app's goal is a latency bound.
enum WorkoutsBenchmark {
    /// KIROKU_BENCH_SETS overrides it (Benchmarks/smoke.py runs a few thousand to check the executable still runs).
    static let setCount = Int(ProcessInfo.processInfo.environment["KIROKU_BENCH_SETS"] ?? "") ?? 50_000

    /// 50,000 sets in the last 365 days — the worst case for a 52-week dashboard, where every set is in the window —
    /// across 12 lifts and rep counts 1–15, plus a daily body weight.
    static func seed(_ database: AppDatabase, user: User, now: Date) async throws {
        let lifts = ExerciseCatalog.all.prefix(12).map(\.id)
        let timeZone = user.resolvedTimeZone
        var rows: [(set: WorkoutSetRecord, key: String)] = []
        rows.reserveCapacity(setCount)
        for index in 0..<setCount {
            let performedAt = now.addingTimeInterval(-Double(index) * 365 * 86_400 / Double(setCount))
            let input = SetInput(
                exerciseId: lifts[index % lifts.count], weight: 40 + Double((index * 37) % 120), reps: 1 + (index * 7) % 15,
                performedAt: performedAt
            )
            rows.append((WorkoutSetRecord(userId: user.id!, input: input, day: LocalDay(performedAt, in: timeZone), now: now), "bench-\(index)"))
        }
        _ = try await database.insertWorkoutSets(rows, now: now)
        let weights = (0..<365).map { day in
            let at = now.addingTimeInterval(-Double(day) * 86_400)
            return HealthRecord(userId: user.id!, metric: "bodyMass", value: 70 + sin(Double(day) / 20), originalValue: 70, originalUnit: "kg",
                                startAt: at, endAt: at, source: .manual, createdAt: now)
        }
        _ = try await database.insertRecords(weights)
    }

    static func run(repetitions: Int) async throws {
        let database = try AppDatabase.temporary()
        // The phone's way in: a device access token (a read per request, as in production).
        let devices = DeviceAuthService(database: database)
        let token = try await devices.authenticate(deviceId: UUID().uuidString, now: Date()).accessToken
        guard let user = try await devices.user(accessToken: token, now: Date()) else { throw CancellationError() }
        let clock = ContinuousClock()
        let seeding = clock.now
        try await seed(database, user: user, now: Date())
        print("seeded \(setCount) sets and 365 weights in \(clock.now - seeding)")

        let app = try await buildApplication(
            configuration: AppConfiguration(port: 0), dependencies: AppDependencies(database: database, hasher: PasswordHasher(cost: 4)),
            logger: Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
        )
        let day = LocalDay(Date().addingTimeInterval(-86_400), in: user.resolvedTimeZone)
        let paths = [
            ("GET /v1/dashboard?span=52w", "/v1/dashboard?span=52w"),
            ("GET /v1/dashboard?span=12w", "/v1/dashboard?span=12w"),
            ("GET /v1/me/workouts (first page of 20 days)", "/v1/me/workouts?limit=20"),
            ("GET /v1/me/workouts (days 81–100)", "/v1/me/workouts?limit=20&offset=80"),
            ("GET /v1/me/workouts/{date} (~137 sets)", "/v1/me/workouts/\(day)"),
        ]
        // The same dashboard without HTTP and JSON, to tell the service's share from the transport's.
        let service = WorkoutService(database: database)
        var serviceSeconds: [Double] = []
        for round in 0...repetitions {
            let start = clock.now
            _ = try await service.dashboard(user: user, span: .w52, now: Date())
            let elapsed = clock.now - start
            if round > 0 { serviceSeconds.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)) }
        }
        report("WorkoutService.dashboard(52w), no HTTP or JSON", serviceSeconds)
        let yesterday = LocalDay(Date().addingTimeInterval(-86_400), in: user.resolvedTimeZone)
        var daySeconds: [Double] = []
        for round in 0...repetitions {
            let start = clock.now
            _ = try await service.day(yesterday, userId: user.id!)
            let elapsed = clock.now - start
            if round > 0 { daySeconds.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)) }
        }
        report("WorkoutService.day (~137 sets), no HTTP or JSON", daySeconds)
        try await app.test(.router) { client in
            for (name, path) in paths {
                var seconds: [Double] = []
                for round in 0...repetitions {
                    let start = clock.now
                    let response = try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(token)"])
                    let elapsed = clock.now - start
                    guard response.status == .ok else { throw CancellationError() }
                    if round > 0 { seconds.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)) }
                }
                report(name, seconds)
            }
            // Logging a set: validation, insert, set numbering, week totals, recent list, personal-record check.
            var posts: [Double] = []
            for round in 0...repetitions {
                let body = #"{"exerciseId":"\#(ExerciseCatalog.all[0].id.uuidString.lowercased())","weight":80,"reps":5,"rpe":null,"notes":null,"performedAt":"\#(Date().formatted(Date.ISO8601FormatStyle()))"}"#
                let start = clock.now
                let response = try await client.execute(
                    uri: "/v1/sets", method: .post, headers: [.authorization: "Bearer \(token)", .contentType: "application/json"],
                    body: ByteBuffer(string: body)
                )
                let elapsed = clock.now - start
                guard response.status == .created else { throw CancellationError() }
                if round > 0 { posts.append(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)) }
            }
            report("POST /v1/sets (log one set)", posts)
        }
    }

    /// Nearest-rank percentiles of the timings, in milliseconds.
    static func report(_ name: String, _ timings: [Double]) {
        let seconds = timings.sorted()
        func percentile(_ p: Double) -> Double { seconds[min(seconds.count - 1, Int((p * Double(seconds.count)).rounded(.up)) - 1)] * 1000 }
        let numbers = String(format: "p50 %8.2f ms  p95 %8.2f ms  p99 %8.2f ms  max %8.2f ms", percentile(0.5), percentile(0.95), percentile(0.99), seconds.last! * 1000)
        print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + numbers + "  (\(seconds.count) requests)")
    }
}
