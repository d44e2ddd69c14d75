import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Owns the imports running in the background: a service of the application's group, so graceful shutdown (SIGTERM)
/// waits for them. On shutdown each import stops at its next batch boundary, with every batch before it committed and
/// its job left unfinished, and the next start resumes it from there.
public final class ImportRunner: Service, Sendable {
    private let stopping = Atomic<Bool>(false)
    private let running = Mutex<[Int64: Task<Void, Never>]>([:])

    public init() {}

    /// True once shutdown began: importers check it before each batch and stop (see `ImportStopped`).
    public var isStopping: Bool { stopping.load(ordering: .acquiring) }

    /// Runs `work` for job `id` unless shutdown has begun; false when it was not started.
    @discardableResult
    public func launch(job id: Int64, _ work: @escaping @Sendable () async -> Void) -> Bool {
        guard !isStopping else { return false }
        let task = Task.detached { await work() }
        running.withLock { $0[id] = task }
        Task.detached { [weak self] in
            await task.value
            self?.running.withLock { _ = $0.removeValue(forKey: id) }
        }
        return true
    }

    /// Refuses a batch once shutdown has begun: passed to the importer as its `beforeCommit`.
    public func checkNotStopping(_ batchNumber: Int) throws {
        if isStopping { throw ImportStopped() }
    }

    public func run() async throws {
        // Nothing to do until the application stops; then let every import reach its batch boundary.
        try? await gracefulShutdown()
        stopping.store(true, ordering: .releasing)
        for task in running.withLock({ Array($0.values) }) { await task.value }
    }
}

/// An import that stopped because the server is shutting down: its job stays unfinished and resumes on the next start.
public struct ImportStopped: Error, Sendable {}
