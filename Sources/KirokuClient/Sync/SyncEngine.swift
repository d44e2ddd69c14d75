import Foundation
import Health

/// Pushes every unconfirmed record to the gateway, oldest first, in batches of at most `batchSize`; a batch's
/// records are confirmed only after the gateway's success answer for it. Timeouts, dropped connections and 5xx
/// are retried on the policy's schedule; 400/401/403 are not (retrying can't fix them), and the run stops with
/// the status and reason recorded. A gateway that cannot be reached at all (connection refused, not accepted within
/// the connect timeout, host not found) is tried once more after the schedule's first wait, in case it was
/// restarting, and then the run stops: the whole schedule only made a person wait half a minute or more to learn the
/// gateway is down, and the records stay queued for the next run either way. A gateway certificate this agent does not
/// trust stops the run at once: no retry can change it. Nothing is ever marked synced without an answer (the original
/// app lost data that way).
public struct SyncEngine: Sendable {
    let store: any SyncStore
    let client: GatewayClient
    let policy: Backoff
    let batchSize: Int
    let appVersion: String

    public init(store: any SyncStore, client: GatewayClient, policy: Backoff = .gatewaySync, batchSize: Int = 100, appVersion: String = "kiroku") {
        self.store = store
        self.client = client
        self.policy = policy
        self.batchSize = min(100, max(1, batchSize))
        self.appVersion = appVersion
    }

    /// One run until nothing is pending or a batch cannot be delivered. `progress` hears (sent so far) after
    /// each confirmed batch.
    public func run(now: @Sendable () -> Date = Date.init, progress: @Sendable (Int) -> Void = { _ in }) async throws -> SyncAttempt {
        let started = now()
        var attempt = SyncAttempt(startedAt: started, status: .idle)
        while true {
            let batch = try await store.pending(metrics: client.target.metrics, limit: batchSize)
            if batch.isEmpty { break }
            let payload = SyncPayload(
                deviceId: client.target.deviceId, userId: client.target.label, timestamp: now(), appVersion: appVersion,
                samples: batch.map(\.sample)
            )
            let failure: (status: Int?, reason: String)
            switch await deliver(payload, retries: &attempt.retries) {
            case .accepted(let answer):
                try await store.confirm(batch.map(\.localId), at: now())
                attempt.sent += batch.count - (answer.failedCount ?? 0)
                attempt.rejected += answer.failedCount ?? 0
                progress(attempt.sent)
                continue
            case .retryable(let status, let reason):
                failure = (status, reason)
            case .refused(let status, let reason):
                failure = (status, reason)
            case .unreachable(let reason), .untrusted(let reason):
                failure = (nil, reason)
            }
            attempt.status = .failed
            attempt.httpStatus = failure.status
            attempt.error = failure.reason
            break
        }
        if attempt.status != .failed {
            attempt.status = attempt.sent + attempt.rejected == 0 ? .idle : (attempt.rejected > 0 ? .partial : .success)
        }
        attempt.duration = now().timeIntervalSince(started)
        try await store.record(attempt)
        return attempt
    }

    /// Sends one batch, retrying what the policy allows; an unreachable gateway gets one retry, not the schedule.
    func deliver(_ payload: SyncPayload, retries: inout Int) async -> GatewayClient.Outcome {
        var outcome = await client.send(payload)
        var retriedUnreachable = false
        for delay in policy.delays {
            switch outcome {
            case .retryable: break
            case .unreachable where !retriedUnreachable: retriedUnreachable = true
            case .accepted, .refused, .unreachable, .untrusted: return outcome
            }
            retries += 1
            try? await Task.sleep(for: delay)
            outcome = await client.send(payload)
        }
        return outcome
    }
}
