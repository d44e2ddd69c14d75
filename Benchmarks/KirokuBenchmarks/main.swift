import Charts
import EventStream
import Foundation
import Health
import Storage

// Kiroku's benchmarks: the hot paths of health records, measured in a release build on real SQLite files.
// Each case runs a warm-up and then `repetitions` timed runs; the median and the spread are reported.
// Run with `make bench`. Numbers go to BENCHMARKS.md with the machine they were taken on.

struct Case {
    let name: String
    let unit: String
    let work: Double
    let run: () async throws -> Void
}

func measure(_ benchmark: Case, repetitions: Int) async throws -> [Double] {
    try await benchmark.run()
    let clock = ContinuousClock()
    var seconds: [Double] = []
    for _ in 0..<repetitions {
        let start = clock.now
        try await benchmark.run()
        let elapsed = clock.now - start
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return seconds
}

func syntheticYear(userId: Int64, days: Int, perDay: Int, offset: Int = 0) -> [HealthRecord] {
    let start = Date(timeIntervalSince1970: 1_735_657_200)  // 2025-01-01 00:00 JST
    var records: [HealthRecord] = []
    records.reserveCapacity(days * perDay)
    for day in 0..<days {
        for sample in 0..<perDay {
            let at = start.addingTimeInterval(Double(day * 86_400 + sample * (86_400 / perDay)))
            records.append(HealthRecord(
                userId: userId, metric: "stepCount", value: Double(100 + (day * 31 + sample * 7) % 900),
                originalValue: 0, originalUnit: "count", startAt: at, endAt: at.addingTimeInterval(600),
                source: .import, externalId: "bench-\(offset)-\(day)-\(sample)", createdAt: Date()
            ))
        }
    }
    return records
}

// `KirokuBenchmarks kafka-mock`: a librdkafka mock cluster for Benchmarks/gateway/run.py; prints its bootstrap
// servers and runs until terminated.
if CommandLine.arguments.dropFirst().first == "kafka-mock" {
    let cluster = try KafkaMockCluster(brokers: 1)
    try cluster.createTopic("health-data", partitions: 1)
    try cluster.createTopic("kiroku-outbox-position", partitions: 1)
    // Written straight to the file descriptor: print() buffers when stdout is a pipe.
    FileHandle.standardOutput.write(Data((cluster.bootstrapServers + "\n").utf8))
    while true { try await Task.sleep(for: .seconds(3600)) }
}

// `KirokuBenchmarks import-floors export.zip DIR`: the parse-only and write-only floors of an Apple Health import,
// for Benchmarks/HealthImport/bench.py; prints one JSON line.
if CommandLine.arguments.dropFirst().first == "import-floors", CommandLine.arguments.count == 4 {
    try await ImportFloors.run(export: URL(fileURLWithPath: CommandLine.arguments[2]), directory: URL(fileURLWithPath: CommandLine.arguments[3]))
    exit(0)
}

let repetitions = Int(ProcessInfo.processInfo.environment["KIROKU_BENCH_REPETITIONS"] ?? "") ?? 7
let database = try AppDatabase.temporary()
let user = try await database.createUser(User(username: "bench", passwordHash: "x", createdAt: Date()))
let userId = user.id!
let tokyo = TimeZone(identifier: "Asia/Tokyo")!

// A year of step samples every 30 minutes: 17,520 rows, like an iPhone's history.
let history = syntheticYear(userId: userId, days: 365, perDay: 48)
_ = try await database.insertRecords(history)
let steps = MetricCatalog.metric(named: "stepCount")!

var insertRound = 0
let cases: [Case] = [
    Case(name: "insert 10,000 records in one transaction", unit: "records/s", work: 10_000) {
        insertRound += 1
        let fresh = try await database.createUser(User(username: "insert-\(insertRound)", passwordHash: "x", createdAt: Date()))
        _ = try await database.insertRecords(Array(syntheticYear(userId: fresh.id!, days: 209, perDay: 48, offset: insertRound).prefix(10_000)))
    },
    Case(name: "validate 10,000 manual entries", unit: "entries/s", work: 10_000) {
        let now = Date()
        for index in 0..<10_000 {
            let kilograms = 60 + Double(index % 400) / 10
            _ = try MeasurementValidator.validate(
                MeasurementInput(metric: "weight", value: index % 2 == 0 ? kilograms : kilograms * 2.20462, unit: index % 2 == 0 ? "kg" : "lb", start: now),
                now: now
            )
        }
    },
    Case(name: "daily summaries of a year of steps (17,520 rows)", unit: "years/s", work: 1) {
        let values = try await database.timedValues(userId: userId, metric: "stepCount", from: .distantPast, to: .distantFuture)
        let days = DailyAggregator.summaries(metric: steps, values: values, timeZone: tokyo)
        _ = MovingAverage.trailing(days.map { TrendPoint(day: $0.day, value: $0.value) })
    },
    Case(name: "first page of 100 records, newest first", unit: "pages/s", work: 1) {
        _ = try await database.records(userId: userId, query: HealthRecordQuery(limit: 100))
    },
    Case(name: "render a 365-point line chart with moving average", unit: "charts/s", work: 1) {
        let points = (0..<365).map { ChartPoint(date: Date(timeIntervalSince1970: 1_735_700_000 + Double($0) * 86_400), value: 70 + sin(Double($0) / 9)) }
        _ = LineChart(points: points, movingAverage: points, title: "Weight", emptyMessage: "-", unit: "kg", timeZone: tokyo).svg()
    },
] + (try await waitTimeCases(database: database))

// Trends and insights over years of minute-level heart rate (KIROKU_BENCH_HR_YEARS, default 10: ~5.3 million rows);
// KIROKU_BENCH_ONLY=insights runs just this section.
func runInsightsBenchmark() async throws {
    let years = Int(ProcessInfo.processInfo.environment["KIROKU_BENCH_HR_YEARS"] ?? "") ?? 10
    print("Trends and insights, \(years) years of imported data — latency per request, after one warm-up")
    print(String(repeating: "-", count: 100))
    try await InsightsBenchmark.run(repetitions: Int(ProcessInfo.processInfo.environment["KIROKU_BENCH_REQUESTS"] ?? "") ?? 50, years: years)
}
if ProcessInfo.processInfo.environment["KIROKU_BENCH_ONLY"] == "insights" {
    try await runInsightsBenchmark()
    exit(0)
}

print("Kiroku benchmarks — \(repetitions) runs each after one warm-up, release build")
print(String(repeating: "-", count: 100))
// KIROKU_BENCH_ONLY=workouts runs just the Workouts section.
for benchmark in cases where ProcessInfo.processInfo.environment["KIROKU_BENCH_ONLY"] != "workouts" {
    let seconds = try await measure(benchmark, repetitions: repetitions).sorted()
    let median = seconds[seconds.count / 2]
    let rate = benchmark.work / median
    let numbers = String(format: "median %9.3f ms  (min %8.3f, max %8.3f)  %12.0f ", median * 1000, seconds.first! * 1000, seconds.last! * 1000, rate)
    let line = benchmark.name.padding(toLength: 52, withPad: " ", startingAt: 0) + numbers + benchmark.unit
    print(line)
}

// Workouts: the BulkTrack API's dashboard and history for a user with 50,000 sets, as latency percentiles.
print("")
print("Workouts API, \(WorkoutsBenchmark.setCount.formatted()) sets — latency per request through the router, after one warm-up request")
print(String(repeating: "-", count: 100))
try await WorkoutsBenchmark.run(repetitions: Int(ProcessInfo.processInfo.environment["KIROKU_BENCH_REQUESTS"] ?? "") ?? 200)

print("")
try await runInsightsBenchmark()
