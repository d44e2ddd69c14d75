import APIModels
import AsyncHTTPClient
import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import KirokuClient
import Logging
import NIOCore
@testable import Server
import Services
import Storage
import Synchronization
import Testing
import WaitTimes
import TestSupport

@Suite struct WaitTimesClientTests {
    /// The real Kiroku application on a real port.
    static func withKiroku<Value: Sendable>(at instant: Date, _ body: @escaping @Sendable (URL, AppDatabase) async throws -> Value) async throws -> Value {
        let database = try AppDatabase.temporary()
        var dependencies = AppDependencies(database: database, hasher: PasswordHasher(cost: 4))
        dependencies.clock = { instant }
        let app = try await buildApplication(configuration: AppConfiguration(port: 0), dependencies: dependencies, logger: Logger(label: "test"))
        return try await app.test(.live) { client in
            try await body(URL(string: "http://127.0.0.1:\(client.port!)")!, database)
        }
    }

    static let fridayNoon = LocalDay("2026-11-20")!.start(in: WaitTimeService.timeZone).addingTimeInterval(12 * 3600)

    @Test func listsStoresWithLiveWaitsFromARealServer() async throws {
        try await Self.withKiroku(at: Self.fridayNoon) { url, database in
            try await WaitTimeService(database: database).record(
                [WaitObservation(storeId: "gotemba-ic", observedAt: Self.fridayNoon, minutes: 95, status: .available, source: "test")],
                now: Self.fridayNoon, logger: Logger(label: "test")
            )
            let client = WaitTimesClient(baseURL: url)
            let state = await client.refreshStores()
            #expect(state.error == nil)
            #expect(state.stores.count == 35)
            #expect(state.stores.first?.id == "gotemba-ic")
            #expect(state.stores.first?.waitTime.minutes == 95)
            #expect(state.stores.first?.waitTime.band == .red)
            #expect(state.stores.first { $0.id == "kosai" }?.store.coordinate == nil)
            // Polling again: the server answers 304 and the list stays, confirmed current.
            let again = await client.refreshStores()
            #expect(again.error == nil)
            #expect(again.stores == state.stores)
            let metrics = try await HTTPClient.shared.execute(HTTPClientRequest(url: url.absoluteString + "/metrics"), timeout: .seconds(10)).body.collect(upTo: 1 << 20)
            #expect(String(buffer: metrics).contains(#"route="/api/stores",status="304"} 1"#), "the second poll cost no body")
            try await WaitTimeService(database: database).record(
                [WaitObservation(storeId: "gotemba-ic", observedAt: Self.fridayNoon.addingTimeInterval(60), minutes: 80, status: .available, source: "test")],
                now: Self.fridayNoon, logger: Logger(label: "test")
            )
            #expect(await client.refreshStores().stores.first { $0.id == "gotemba-ic" }?.waitTime.minutes == 80, "a changed wait comes through")
            let filtered = await client.refreshStores(query: "region=tobu")
            #expect(filtered.stores.count == 7)
            let one = try await client.store(id: "gotemba-ic")
            #expect(one.store.phoneNumber == "0550-82-8855")
            await #expect(throws: KirokuClientError.notFound) { try await client.waitTime(storeId: "atlantis") }
        }
    }

    @Test func theDirectoryIsCachedFor24HoursButWaitsNeverAre() async throws {
        let counter = RequestCounter()
        let cacheFile = TestFiles.directory.appendingPathComponent("kiroku-client-\(UUID().uuidString)/directory.json")
        let clock = ClientClock(Date(timeIntervalSince1970: 1_800_000_000))
        try await counter.serve { url in
            let client = WaitTimesClient(baseURL: url, cache: DirectoryCache(file: cacheFile), now: { clock.now })
            _ = try await client.storeDirectory()
            _ = try await client.storeDirectory()
            #expect(counter.count("/api/stores") == 1, "the second read comes from the cache")
            clock.advance(by: 23 * 3600)
            _ = try await client.waitTime(storeId: "a")
            _ = try await client.waitTime(storeId: "a")
            #expect(counter.count("/api/stores/a/waittime") == 2, "waits always go to the network")
            #expect(try await client.storeDirectory().count == 1)
            #expect(counter.count("/api/stores") == 1)

            // A relaunch reads the file cache.
            let relaunched = WaitTimesClient(baseURL: url, cache: DirectoryCache(file: cacheFile), now: { clock.now })
            #expect(try await relaunched.storeDirectory().first?.name == "さわやか テスト店")
            #expect(counter.count("/api/stores") == 1)
            clock.advance(by: 2 * 3600)
            _ = try await relaunched.storeDirectory()
            #expect(counter.count("/api/stores") == 2, "after 24 hours the directory is fetched again")
        }
    }

    @Test func timeoutsAreRetriedUpToThreeTimesThenKeepTheLastGoodList() async throws {
        let counter = RequestCounter()
        try await counter.serve { url in
            // A slow answer takes 3× the timeout. The timeout is 2 s, not 1: in CI's parallel pass, with both
            // cooperative threads busy with other suites, a quick answer once took over a second and was retried.
            let policy = ClientPolicy(requestTimeout: .seconds(RequestCounter.timeoutSeconds), resourceTimeout: .seconds(30), maxRetriesOnTimeout: 3)
            let client = WaitTimesClient(baseURL: url, policy: policy)
            // Two slow answers, then a quick one: the third attempt succeeds.
            counter.slowAnswers(2)
            let state = await client.refreshStores()
            #expect(state.error == nil)
            #expect(state.stores.count == 1)
            #expect(counter.count("/api/stores") == 3)

            // Always slow: one try and three retries, then a timeout — and the list from before stays.
            counter.slowAnswers(100)
            let failed = await client.refreshStores()
            #expect(failed.error == .timeout)
            #expect(counter.count("/api/stores") == 7)
            #expect(failed.stores.count == 1, "the last good data is kept")
            #expect(failed.lastUpdated == state.lastUpdated)
        }
    }

    @Test func anUnreachableServerSaysSo() async throws {
        // The HTTP client keeps trying to connect until the request deadline: a short one keeps the test quick.
        let policy = ClientPolicy(requestTimeout: .seconds(1), resourceTimeout: .seconds(2), maxRetriesOnTimeout: 3)
        let unreachable = WaitTimesClient(baseURL: URL(string: "http://127.0.0.1:9")!, policy: policy)
        let state = await unreachable.refreshStores()
        #expect(state.error == .networkUnavailable)
        #expect(state.stores.isEmpty)
        #expect(KirokuClientError.networkUnavailable.message.ja == "ネットワーク接続を確認してください")
    }
}

final class ClientClock: Sendable {
    let current: Mutex<Date>
    init(_ start: Date) { current = Mutex(start) }
    var now: Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A tiny stand-in API on a real port that counts requests per path and can answer slowly.
final class RequestCounter: Sendable {
    let counts = Mutex<[String: Int]>([:])
    let slow = Mutex(0)

    func count(_ path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
    func slowAnswers(_ number: Int) { slow.withLock { $0 = number } }
    /// The client's request timeout in the retry test; a slow answer takes three times as long.
    static let timeoutSeconds = 2

    static let store = #"[{"id":"a","name":"さわやか テスト店","address":"","phoneNumber":"","coordinate":null,"businessHours":{"weekday":"10:45-22:00","weekend":"10:30-22:00","holiday":"10:30-22:00"},"waitTime":{"minutes":20,"status":"available","lastUpdated":"2026-11-20T03:00:00.000Z"},"region":"浜松"}]"#
    static let wait = #"{"minutes":20,"status":"available","lastUpdated":"2026-11-20T03:00:00.000Z"}"#

    func serve(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
        let router = Router()
        router.get("api/stores") { [self] _, _ -> Response in
            counts.withLock { $0["/api/stores", default: 0] += 1 }
            if slow.withLock({ value -> Bool in
                guard value > 0 else { return false }
                value -= 1
                return true
            }) {
                try await Task.sleep(for: .seconds(3 * Self.timeoutSeconds))
            }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: Self.store)))
        }
        router.get("api/stores/{id}/waittime") { [self] _, context -> Response in
            counts.withLock { $0["/api/stores/\(context.parameters.get("id") ?? "")/waittime", default: 0] += 1 }
            return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: Self.wait)))
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            try await body(URL(string: "http://127.0.0.1:\(client.port!)")!)
        }
    }
}
