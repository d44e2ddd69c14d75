import APIModels
import Foundation
import Health

/// Sets logged without a connection. Each gets a temporary id at once (so logging never waits for the network) and
/// an idempotency key; `flush` sends them in order with that key, retries failures with backoff, and swaps the
/// temporary id for the server's on acknowledgement. With a file, the queue survives the app being closed.
public actor OfflineSetQueue {
    public struct Pending: Codable, Sendable, Equatable {
        public let temporaryId: String
        public let idempotencyKey: String
        public let set: NewSet
        public var failures: Int
        public var nextAttemptAt: Date
    }

    /// What one flush did.
    public struct FlushReport: Sendable, Equatable {
        /// Temporary id → the server's id.
        public var acknowledged: [String: String] = [:]
        /// Refused by the server (validation): removed, with the server's message.
        public var rejected: [String: String] = [:]
        /// Still waiting (offline or server error), with the time of the next attempt.
        public var waiting: [String: Date] = [:]

        public init() {}
    }

    struct State: Codable {
        var pending: [Pending] = []
        var serverIds: [String: String] = [:]
    }

    let api: BulkTrackAPI
    let retry: Backoff
    let file: URL?
    let now: @Sendable () -> Date
    private var state = State()

    public init(api: BulkTrackAPI, retry: Backoff = .bulkTrack, file: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.retry = retry
        self.file = file
        self.now = now
        if let file, let data = try? Data(contentsOf: file), let saved = try? ClientJSON.fileDecoder().decode(State.self, from: data) {
            state = saved
        }
    }

    /// Queues a set and returns its temporary id ("tmp-…") immediately.
    public func enqueue(_ set: NewSet) -> String {
        let pending = Pending(temporaryId: "tmp-" + UUID().uuidString.lowercased(), idempotencyKey: UUID().uuidString.lowercased(), set: set, failures: 0, nextAttemptAt: now())
        state.pending.append(pending)
        save()
        return pending.temporaryId
    }

    public var pending: [Pending] { state.pending }

    /// The server's id for a temporary id once acknowledged (a server id maps to itself).
    public func serverId(for id: String) -> String? {
        id.hasPrefix("tmp-") ? state.serverIds[id] : id
    }

    /// Sends every due set, oldest first. The first one that cannot be delivered stops the flush (so sets reach the
    /// server in the order they were logged) and waits `retry.delay(afterFailures:)` before its next attempt.
    public func flush() async -> FlushReport {
        var report = FlushReport()
        while let next = state.pending.first {
            guard next.nextAttemptAt <= now() else {
                for waiting in state.pending { report.waiting[waiting.temporaryId] = waiting.nextAttemptAt }
                break
            }
            do {
                let stored = try await api.createSet(next.set, idempotencyKey: next.idempotencyKey)
                state.pending.removeFirst()
                state.serverIds[next.temporaryId] = stored.id
                report.acknowledged[next.temporaryId] = stored.id
            } catch let error as BulkTrackClientError where !error.isRetryable {
                state.pending.removeFirst()
                if case .rejected(_, _, let message) = error { report.rejected[next.temporaryId] = message } else { report.rejected[next.temporaryId] = "\(error)" }
            } catch {
                state.pending[0].failures += 1
                let delay = retry.delay(afterFailures: state.pending[0].failures)
                state.pending[0].nextAttemptAt = now().addingTimeInterval(Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
                for waiting in state.pending { report.waiting[waiting.temporaryId] = waiting.nextAttemptAt }
                break
            }
            save()
        }
        save()
        return report
    }

    private func save() {
        guard let file, let data = try? ClientJSON.fileEncoder().encode(state) else { return }
        try? data.write(to: file, options: .atomic)
    }
}
