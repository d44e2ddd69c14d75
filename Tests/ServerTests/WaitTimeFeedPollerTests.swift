import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import ServiceLifecycle
import Services
import Storage
import Testing
import WaitTimes
@testable import Webhooks

/// A real HTTP server run by the test: serves the queue-feed fixtures and records webhook posts.
struct FixtureServer {
    actor Received {
        var bodies: [(contentType: String, body: String)] = []
        func add(_ contentType: String, _ body: String) { bodies.append((contentType, body)) }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../WaitTimesTests/Fixtures").standardized

    let received = Received()

    func run<Value: Sendable>(_ body: @escaping @Sendable (_ base: String) async throws -> Value) async throws -> Value {
        let router = Router()
        router.get("feeds/{name}") { _, context -> Response in
            let name = context.parameters.get("name") ?? ""
            guard !name.contains("/"), let data = try? Data(contentsOf: Self.fixtures.appendingPathComponent(name)) else {
                return Response(status: .notFound)
            }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        }
        router.post("hook") { [received] request, context -> HTTPResponse.Status in
            let buffer = try await request.body.collect(upTo: 65_536)
            await received.add(request.headers[.contentType] ?? "", String(buffer: buffer))
            return .ok
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in
            try await body("http://127.0.0.1:\(client.port!)")
        }
    }
}

@Suite struct WaitTimeFeedPollerTests {
    static let fridayNoon = Tokyo.at("2026-11-20 12:00")

    @Test func pollsTheFeedOverHTTPAndRecordsEveryKnownStore() async throws {
        let database = try AppDatabase.temporary()
        let clock = TestClock(Self.fridayNoon)
        let service = WaitTimeService(database: database, now: { clock.now })
        try await FixtureServer().run { base in
            let poller = WaitTimeFeedPoller(url: base + "/feeds/queue-open.json", interval: .seconds(300), service: service, logger: Logger(label: "test"))
            let outcome = try await poller.pollOnce(now: clock.now)
            #expect(outcome.stored == 7)
            #expect(outcome.unknownNames == ["さわやか 伊豆の国店"])
            #expect(try await database.latestObservation(storeId: "gotemba-ic")?.minutes == 180)
            #expect(try await database.latestObservation(storeId: "gotemba-outlet")?.status == .receptionClosed)

            clock.set(Self.fridayNoon.addingTimeInterval(300))
            let later = WaitTimeFeedPoller(url: base + "/feeds/queue-later.json", interval: .seconds(300), service: service, logger: Logger(label: "test"))
            #expect(try await later.pollOnce(now: clock.now).stored == 2)
            #expect(try await database.latestObservation(storeId: "sasagase")?.minutes == 55)
            #expect(try await database.observations(storeId: "sasagase", since: .distantPast).count == 2, "history is kept")

            let missing = WaitTimeFeedPoller(url: base + "/feeds/none.json", interval: .seconds(300), service: service, logger: Logger(label: "test"))
            await #expect(throws: WaitTimeFeedPoller.Failure.self) { try await missing.pollOnce(now: clock.now) }
        }
    }

    @Test func pollsOnlyWhileSomeStoreIsServing() async throws {
        let service = WaitTimeService(database: try AppDatabase.temporary())
        let poller = WaitTimeFeedPoller(url: "http://127.0.0.1:9/none", interval: .seconds(300), service: service, logger: Logger(label: "test"))
        #expect(try await poller.shouldPoll(at: Self.fridayNoon))
        #expect(try await poller.shouldPoll(at: Tokyo.at("2026-11-20 21:30")), "last orders are still being served")
        #expect(!(try await poller.shouldPoll(at: Tokyo.at("2026-11-20 23:00"))))
        #expect(!(try await poller.shouldPoll(at: Tokyo.at("2026-11-19 12:00"))), "Thursday")
    }

    @Test func theServerStartsThePollerWhenAFeedIsConfigured() async throws {
        let database = try AppDatabase.temporary()
        var configuration = AppConfiguration(port: 0)
        #expect(try waitTimeServices(configuration: configuration, dependencies: AppDependencies(database: database), logger: Logger(label: "t")).isEmpty)
        configuration.sawayakaFeedURL = "http://127.0.0.1:9/feed.json"
        configuration.sawayakaPollMinutes = 2
        let services = try waitTimeServices(configuration: configuration, dependencies: AppDependencies(database: database), logger: Logger(label: "t"))
        let poller = try #require(services.first as? WaitTimeFeedPoller)
        #expect(poller.interval == .seconds(120))
    }

    @Test func firedAlertsPostToTheWebhookAsJSONOrNtfyText() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let fixtures = FixtureServer()
        let sunday = Tokyo.at("2026-11-22 15:00")
        try await fixtures.run { base in
            // The fixture server listens on loopback: allowed only with `--allow-private-webhooks`.
            let service = WaitTimeService(database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: true)), now: { sunday })
            let day = LocalDay("2026-11-22")!
            _ = try await database.insertAlert(WaitAlert(userId: user.id!, storeId: "kannami", maxMinutes: 20, day: day, webhookURL: base + "/hook", createdAt: sunday))
            _ = try await database.insertAlert(WaitAlert(userId: user.id!, storeId: "kannami", maxMinutes: 20, day: day, webhookURL: base + "/hook", webhookFormat: .ntfy, createdAt: sunday))
            let observation = WaitObservation(storeId: "kannami", observedAt: sunday, minutes: 15, status: .available, source: "test")
            let result = try await service.record([observation], now: sunday, logger: Logger(label: "test"))
            #expect(result.fired.count == 2)
            let again = WaitObservation(storeId: "kannami", observedAt: sunday.addingTimeInterval(60), minutes: 10, status: .available, source: "test")
            #expect(try await service.record([again], now: sunday, logger: Logger(label: "test")).fired.isEmpty)
        }
        let bodies = await fixtures.received.bodies
        #expect(bodies.count == 2)
        let json = try #require(bodies.first { $0.contentType.hasPrefix("application/json") })
        let payload = try JSONSerialization.jsonObject(with: Data(json.body.utf8)) as? [String: Any]
        #expect(payload?["storeId"] as? String == "kannami")
        #expect(payload?["minutes"] as? Int == 15)
        let text = try #require(bodies.first { $0.contentType.hasPrefix("text/plain") })
        // ntfy's form: the message is the body, the title ("…が15分待ちになりました") travels in the Title header.
        #expect(text.body.contains("15:00 時点で15分待ちです"))
    }
}

@Suite struct WaitTimeFeedPollerLifecycleTests {
    /// The poller sleeps an hour between rounds; the time limit fails the test if shutdown waited for that sleep.
    @Test(.timeLimit(.minutes(1))) func aRunningPollerReadsAtOnceAndStopsPromptlyOnGracefulShutdown() async throws {
        let database = try AppDatabase.temporary()
        let service = WaitTimeService(database: database, now: { Tokyo.at("2026-11-20 12:00") })
        try await FixtureServer().run { base in
            let poller = WaitTimeFeedPoller(url: base + "/feeds/queue-open.json", interval: .seconds(3600), service: service, logger: Logger(label: "test"))
            let group = ServiceGroup(services: [poller], logger: Logger(label: "test"))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await group.run() }
                for _ in 0..<100 where try await database.observationCount() == 0 {
                    try await Task.sleep(for: .milliseconds(50))
                }
                #expect(try await database.observationCount() == 7, "the first round runs at start")
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
            }
        }
    }

    @Test func aFailingFeedDoesNotStopThePoller() async throws {
        let service = WaitTimeService(database: try AppDatabase.temporary(), now: { Tokyo.at("2026-11-20 12:00") })
        try await FixtureServer().run { base in
            let poller = WaitTimeFeedPoller(url: base + "/feeds/missing.json", interval: .seconds(300), service: service, logger: Logger(label: "test"))
            await poller.tick(now: Tokyo.at("2026-11-20 12:00"))
            let stored = try await service.database.observationCount()
            #expect(stored == 0)
        }
    }
}
