import Foundation

/// Hands batches from the thread that reads and maps an export to the thread that writes them, one batch
/// in flight: reading the next batch overlaps writing the previous one, and memory stays at about three batches.
/// An error on the writing side is handed back and stops the reader at its next batch.
///
/// The writer gives each batch back once it has committed it, and the reader lets it go at its next `put`: the
/// writer is the import's slower thread, and freeing a batch's hundreds of thousands of allocations (made by the
/// reader) cost it several per cent of its time.
final class BatchHandoff<Batch>: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: Batch?
    private var spent: [Batch] = []
    private var closed = false
    private var failure: (any Error)?

    /// Blocks while the previous batch has not been taken; throws the writer's error if it failed.
    func put(_ batch: Batch) throws {
        var released: [Batch] = []
        condition.lock()
        while pending != nil, failure == nil { condition.wait() }
        swap(&released, &spent)
        if let failure {
            condition.unlock()
            throw failure
        }
        pending = batch
        condition.broadcast()
        condition.unlock()
        // The batches the writer is done with are freed here, on the reader's thread, outside the lock.
        released.removeAll()
    }

    /// A batch the writer has committed, for the reader to free.
    func giveBack(_ batch: Batch) {
        condition.lock()
        spent.append(batch)
        condition.unlock()
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
