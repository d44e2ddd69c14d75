import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Server
import Services
import Testing

/// A few thousand generated requests against the real application over a temporary SQLite file: every JSON route of
/// the OpenAPI document with mutated bodies, odd ids, dates and query values, wrong content types and credentials,
/// other methods and unknown paths. No answer may be a 5xx, no error under /api or /v1 may be anything but the
/// documented JSON, and the reads afterwards must still work. A crash ends the test run; the request that caused it
/// is then in test-artifacts/api-fuzz-request.txt.
///
/// The seed is printed; `KIROKU_API_FUZZ_SEED=<seed> swift test --skip-build --filter APIFuzzTests` replays a run
/// (`KIROKU_API_FUZZ_REQUESTS` changes how many requests it sends, `KIROKU_API_FUZZ_TRACE=<file>` lists them all).
@Suite(.timeLimit(.minutes(3))) struct APIFuzzTests {
    static let artifacts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("test-artifacts", isDirectory: true)
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["KIROKU_API_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_119
    static let requests = environment["KIROKU_API_FUZZ_REQUESTS"].flatMap { Int($0) } ?? 3_000
    /// However slow the machine, the run stops sending after this long and reports what it sent.
    static let budget = Duration.seconds(60)

    @Test func generatedRequestsGetNo5xxAndOnlyDocumentedJSONErrors() async throws {
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let inFlight = Self.artifacts.appendingPathComponent("api-fuzz-request.txt")
        print("API fuzz: seed \(Self.seed), \(Self.requests) requests (KIROKU_API_FUZZ_SEED=\(Self.seed) replays them); the request in flight is in \(inFlight.path)")
        let server = try TestServer()
        let (_, apiToken) = try await server.user("fuzzer")
        let operatorToken = try await WaitTimeService(database: server.database).createOperatorToken(name: "fuzz").secret
        // Quiet: a log line per request would cost more than the request.
        var logger = Logger(label: "api-fuzz")
        logger.logLevel = .critical
        let app = try await buildApplication(configuration: server.configuration, dependencies: server.dependencies, logger: logger)
        // KIROKU_API_FUZZ_TRACE=<file> lists every request with its status, to see what a seed sends.
        let trace = Self.environment["KIROKU_API_FUZZ_TRACE"].flatMap { path in
            FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
        }
        let started = ContinuousClock.now
        let report = try await app.test(.router) { client in
            let device = try await BulkTrackClient.device(client, deviceId: "fuzz-main-device")
            var generator = FuzzRequestGenerator(
                seed: Self.seed, credentials: .init(apiToken: apiToken, deviceToken: device.accessToken, operatorToken: operatorToken)
            )
            var report = FuzzReport(seed: Self.seed)
            var fixture = try await FuzzFixture.make(client, apiToken: apiToken, deviceToken: device.accessToken, now: Date())
            var routes = FuzzCatalog.routes(fixture, now: Date())
            for index in 0..<Self.requests {
                guard ContinuousClock.now - started < Self.budget else { break }
                // Deletions and refreshes wear the fixture out; a fresh one keeps requests reaching real rows.
                if index > 0, index % 250 == 0 {
                    fixture = (try? await FuzzFixture.make(client, apiToken: apiToken, deviceToken: device.accessToken, now: Date())) ?? fixture
                    routes = FuzzCatalog.routes(fixture, now: Date())
                }
                let request = generator.next(routes, fixture: fixture)
                try? Data("request #\(index), seed \(Self.seed)\n\(request.reproduction)".utf8).write(to: inFlight)
                do {
                    let response = try await client.execute(uri: request.uri, method: request.method, headers: request.headers, body: request.body.map { ByteBuffer(bytes: $0) })
                    report.record(request, index: index, response: response)
                    trace?.write(Data("\(index) \(response.status.code) \(request.method.rawValue) \(request.uri.prefix(200)) \(String(decoding: (request.body ?? []).prefix(300), as: UTF8.self))\n".utf8))
                } catch {
                    report.recordThrown(request, index: index, error: error)
                }
            }
            // Whatever the fuzz stored, every page of the user's data must still load.
            for (offset, uri) in Self.reads.enumerated() {
                let headers: HTTPFields = [.authorization: "Bearer \(uri.hasPrefix("/v1/") ? device.accessToken : apiToken)"]
                let request = FuzzRequest(method: .get, uri: uri, headers: headers, template: "read after the fuzz: GET \(uri)")
                do {
                    let response = try await client.execute(uri: uri, method: .get, headers: headers)
                    report.record(request, index: Self.requests + offset, response: response, mustSucceed: true)
                } catch {
                    report.recordThrown(request, index: Self.requests + offset, error: error)
                }
            }
            return report
        }
        print(report.summary(seconds: Double((ContinuousClock.now - started).components.seconds)))
        for failure in report.distinctFailures {
            Issue.record("\(failure)")
        }
        try? FileManager.default.removeItem(at: inFlight)
    }

    static let reads = [
        "/api/v1/records?limit=1000", "/api/v1/summaries?metric=weight", "/api/v1/summaries?metric=steps",
        "/api/v1/export?format=json", "/api/v1/export?format=csv", "/api/v1/me", "/api/v1/tokens", "/api/stores", "/api/stores/kannami",
        "/api/stores/kannami/waittime", "/api/stores/kannami/forecast", "/api/v1/wait-alerts", "/api/v1/inbox", "/api/v1/tasks",
        "/api/v1/tasks?filter=archived", "/api/v1/tasks/statistics", "/api/v1/tasks/export?format=csv", "/api/v1/imports",
        "/v1/sets?limit=100", "/v1/sets?limit=100&sortBy=performedAt_asc", "/v1/dashboard?span=52w", "/v1/me/workouts?limit=100",
        "/v1/me/exercises/recent", "/v1/exercises?limit=100", "/sawayaka", "/sawayaka/kannami",
    ]
}
