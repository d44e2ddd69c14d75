import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import Services
import Storage
import WaitTimes

/// Reads a queue-service-shaped JSON feed (`--sawayaka-feed-url`) every few minutes while any store is within its
/// opening hours, and records what it says. Store names the directory doesn't know are logged, never guessed.
public struct WaitTimeFeedPoller: Service {
    public let url: String
    public let interval: Duration
    let service: WaitTimeService
    let client: HTTPClient
    let logger: Logger

    public init(url: String, interval: Duration, service: WaitTimeService, client: HTTPClient = .shared, logger: Logger) {
        self.url = url
        self.interval = interval
        self.service = service
        self.client = client
        self.logger = logger
    }

    public struct Outcome: Sendable, Equatable {
        public var stored: Int
        public var unknownNames: [String]
    }

    public enum Failure: Error, Sendable {
        case status(Int)
    }

    public func run() async throws {
        logger.info("wait-time feed poller started", metadata: ["interval_s": "\(interval.components.seconds)"])
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            await tick(now: service.now())
            // Waking for shutdown at once: a server stopping must not wait out a five-minute sleep.
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
        }
    }

    /// One round: read the feed if some store is serving. Never throws — a failed round must not stop the server; the
    /// figures go stale on their own and the page says so (R2).
    func tick(now: Date) async {
        do {
            guard try await shouldPoll(at: now) else { return }
            let outcome = try await pollOnce(now: now)
            logger.info("wait-time feed read", metadata: ["stored": "\(outcome.stored)", "unknown_stores": "\(outcome.unknownNames.joined(separator: ","))"])
        } catch {
            logger.warning("wait-time feed failed", metadata: ["error": "\(error)"])
        }
    }

    /// Polls only while some store is open (or past last order but still serving) — no traffic at night.
    public func shouldPoll(at now: Date) async throws -> Bool {
        try await service.stores().contains { OpeningStatus(store: $0, at: now, timeZone: WaitTimeService.timeZone).state != .closed }
    }

    /// Fetches the feed once and records its observations as of `now`.
    public func pollOnce(now: Date) async throws -> Outcome {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await client.execute(request, timeout: .seconds(30))
        guard response.status == .ok else { throw Failure.status(Int(response.status.code)) }
        let body = try await response.body.collect(upTo: 4 * 1024 * 1024)
        let feed = QueueFeed(stores: try await service.stores())
        let result = try feed.parse(Data(body.readableBytesView), observedAt: now)
        let recorded = try await service.record(result.observations.filter { $0.problem == nil }, now: now, logger: logger)
        return Outcome(stored: recorded.inserted, unknownNames: result.unknownNames)
    }
}
