import Foundation
import ServiceLifecycle
import Synchronization

/// Sends a batch of messages and waits until Kafka has acknowledged every one of them, or says it could not: what a
/// gateway that keeps nothing itself needs before it may answer "stored". Run as a service; it runs its producer
/// and hands each delivery report to the batch waiting for it. On graceful shutdown the producer flushes what is in
/// flight, so batches still waiting get their answer.
public final class KafkaBatchPublisher: Service, Sendable {
    public struct Message: Sendable {
        public let topic: String
        public let key: String
        public let value: Data

        public init(topic: String, key: String, value: Data) {
            self.topic = topic
            self.key = key
            self.value = value
        }
    }

    private let producer: KafkaProducer
    /// Looked up when the service starts, so the first batch does not wait for it.
    private let topic: String?
    private let state = Mutex(State())

    private struct State {
        var nextId: UInt64 = 1
        var batchOfMessage: [UInt64: UInt64] = [:]
        var waiting: [UInt64: Waiter] = [:]
        var stopped = false
    }

    private struct Waiter {
        var remaining: Int
        let messageIds: Range<UInt64>
        let continuation: CheckedContinuation<Result<Void, KafkaError>, Never>
        var timer: Task<Void, Never>?
    }

    public init(producer: KafkaProducer, topic: String? = nil) {
        self.producer = producer
        self.topic = topic
    }

    /// Returns once every message is acknowledged (`acks=all` with the default configuration). Throws the first
    /// failed delivery, or `_TIMED_OUT` when `timeout` passes first; messages already handed to librdkafka may then
    /// still be delivered later.
    public func publish(_ messages: [Message], timeout: Duration) async throws(KafkaError) {
        guard !messages.isEmpty else { return }
        let result: Result<Void, KafkaError> = await withCheckedContinuation { continuation in
            let ids: Range<UInt64>? = state.withLock { state in
                guard !state.stopped else { return nil }
                let ids = state.nextId..<(state.nextId + UInt64(messages.count))
                state.nextId = ids.upperBound
                for id in ids { state.batchOfMessage[id] = ids.lowerBound }
                state.waiting[ids.lowerBound] = Waiter(remaining: messages.count, messageIds: ids, continuation: continuation)
                return ids
            }
            guard let ids else {
                continuation.resume(returning: .failure(Self.stoppedError))
                return
            }
            let batch = ids.lowerBound
            let timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return }
                self?.finish(batch, .failure(KafkaError(code: -185, name: "_TIMED_OUT", message: "not acknowledged within \(timeout)", recovery: .retry)))
            }
            let attached = state.withLock { state -> Bool in
                guard state.waiting[batch] != nil else { return false }
                state.waiting[batch]?.timer = timer
                return true
            }
            if !attached { timer.cancel() }
            do {
                for (id, message) in zip(ids, messages) {
                    try producer.send(topic: message.topic, key: message.key, value: message.value, id: id)
                }
            } catch {
                let failure = error as? KafkaError ?? KafkaError(code: -1, name: "produce_failed", message: "\(error)")
                recoverIfFatal(failure)
                finish(batch, .failure(failure))
            }
        }
        try result.get()
    }

    public func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            // The producer ends its report stream once it has flushed on graceful shutdown; routing ends with it.
            group.addTask { try await self.producer.run() }
            if let topic = self.topic { group.addTask { _ = await self.producer.prepare(topic: topic, timeout: .seconds(5)) } }
            group.addTask {
                for await reports in self.producer.deliveryReports { reports.forEach(self.route) }
                self.stopAll()
            }
        }
    }

    /// librdkafka declares an idempotent producer unusable after some failures (a lost sequence): every later message
    /// would fail too, so a fresh instance takes over. Reports the old one still owed never come; their batches time out.
    private func recoverIfFatal(_ error: KafkaError) {
        guard error.name == "_FATAL" else { return }
        try? producer.recreate()
    }

    private func route(_ report: KafkaDeliveryReport) {
        if case .failure(let error) = report.result { recoverIfFatal(error) }
        let done: (UInt64, Result<Void, KafkaError>)? = state.withLock { state in
            guard let batch = state.batchOfMessage.removeValue(forKey: report.id), state.waiting[batch] != nil else { return nil }
            if case .failure(let error) = report.result { return (batch, .failure(error)) }
            state.waiting[batch]?.remaining -= 1
            return state.waiting[batch]?.remaining == 0 ? (batch, .success(())) : nil
        }
        if case let (batch, result)? = done { finish(batch, result) }
    }

    /// Answers a batch once: whichever comes first of its last report, a failed report or its timer.
    private func finish(_ batch: UInt64, _ result: Result<Void, KafkaError>) {
        let waiter: Waiter? = state.withLock { state in
            guard let waiter = state.waiting.removeValue(forKey: batch) else { return nil }
            for id in waiter.messageIds { state.batchOfMessage.removeValue(forKey: id) }
            return waiter
        }
        guard let waiter else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: result)
    }

    private func stopAll() {
        let waiters = state.withLock { state -> [Waiter] in
            state.stopped = true
            state.batchOfMessage = [:]
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for waiter in waiters {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: .failure(Self.stoppedError))
        }
    }

    private static let stoppedError = KafkaError(code: -1, name: "producer_stopped", message: "the producer has shut down", recovery: .retry)
}
