import Foundation

/// Hands batches from the thread that reads and maps an export to the thread that writes them, one batch
/// in flight: reading the next batch overlaps writing the previous one, and memory stays at two batches.
/// An error on the writing side is handed back and stops the reader at its next batch.
final class BatchHandoff<Batch>: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: Batch?
    private var closed = false
    private var failure: (any Error)?

    /// Blocks while the previous batch has not been taken; throws the writer's error if it failed.
    func put(_ batch: Batch) throws {
        condition.lock()
        defer { condition.unlock() }
        while pending != nil, failure == nil { condition.wait() }
        if let failure { throw failure }
        pending = batch
        condition.broadcast()
    }

    /// The next batch, or nil once the reader closed the handoff (or the writer failed).
    func take() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while pending == nil, !closed, failure == nil { condition.wait() }
        guard failure == nil, let batch = pending else { return nil }
        pending = nil
        condition.broadcast()
        return batch
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    func fail(_ error: any Error) {
        condition.lock()
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    var error: (any Error)? {
        condition.lock()
        defer { condition.unlock() }
        return failure
    }
}
