import Foundation
import GRDB
import Synchronization

/// Writes from concurrent requests that share one transaction, and so one commit (one fsync with durable commits):
/// while a commit is under way, the writes that arrive wait; the next transaction takes all of them, and every write
/// is answered only after the commit that holds it. With an fsync costing milliseconds, this is what lets several
/// phones' batches be durable without queueing behind one another's fsyncs. A write that throws (a full outbox, a bad
/// row) rolls the shared transaction back, and then each write of that group runs again in a transaction of its own,
/// so the one that failed is answered with its error alone. No savepoints: SQLite keeps a savepoint's undo pages in a
/// temporary file, which made every batch write its pages twice.
final class GroupCommit: Sendable {
    private struct Pending: Sendable {
        /// Runs the write in the current transaction and keeps its result.
        let run: @Sendable (Database) throws -> Void
        /// Answers the writer: nil once committed, else the error that stopped the commit.
        let finish: @Sendable ((any Error)?) -> Void
    }

    private struct State {
        var waiting: [Pending] = []
        var committing = false
    }

    private let writer: any DatabaseWriter
    private let state = Mutex(State())

    init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    func write<T: Sendable>(_ work: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let outcome = OutcomeBox<T>()
        return try await withCheckedThrowingContinuation { continuation in
            let pending = Pending(
                run: { db in outcome.set(try work(db)) },
                finish: { commitError in
                    if let commitError { continuation.resume(throwing: commitError) } else { continuation.resume(with: outcome.get()) }
                }
            )
            let startsCommitting = state.withLock { state in
                state.waiting.append(pending)
                guard !state.committing else { return false }
                state.committing = true
                return true
            }
            if startsCommitting { Task { await self.commitWhileWaiting() } }
        }
    }

    /// Commits what is waiting, again and again, until nothing is.
    private func commitWhileWaiting() async {
        while true {
            let batch = state.withLock { state in
                defer { state.waiting = [] }
                if state.waiting.isEmpty { state.committing = false }
                return state.waiting
            }
            guard !batch.isEmpty else { return }
            do {
                try await writer.write { db in
                    for pending in batch { try pending.run(db) }
                }
                for pending in batch { pending.finish(nil) }
            } catch {
                guard batch.count > 1 else {
                    batch[0].finish(error)
                    continue
                }
                for pending in batch {
                    do {
                        try await writer.write { db in try pending.run(db) }
                        pending.finish(nil)
                    } catch {
                        pending.finish(error)
                    }
                }
            }
        }
    }
}

/// One write's result, set inside the transaction and read after its commit (never at the same time).
private final class OutcomeBox<T>: @unchecked Sendable {
    private var value: T?

    func set(_ value: T) { self.value = value }

    func get() -> Result<T, any Error> {
        value.map { .success($0) } ?? .failure(DatabaseError(resultCode: .SQLITE_MISUSE, message: "group write never ran"))
    }
}
