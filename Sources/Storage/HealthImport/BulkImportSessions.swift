import Synchronization

/// Counts the imports running on one database, so the writer's import settings (page cache, log size limit, rare
/// checkpoints, statement journals in memory) are set by the first to start and put back by the last to finish. Two
/// family members importing at once shared one setting before: the first to finish put the database back to everyday
/// checkpoints, and kept the 8 MiB cache, while the other import still ran.
final class BulkImportSessions: Sendable {
    /// The writer's settings before the first import changed them.
    struct Everyday: Sendable {
        var cacheSize: Int
        var journalSizeLimit: Int
        var tempStore: Int
    }

    private struct State {
        var running = 0
        var saved: Everyday?
    }

    private let state = Mutex(State())

    /// Counts an import in; `apply` (called only for the first, under the count's lock so a concurrent finish
    /// cannot interleave) changes the settings and returns what they were.
    func begin(_ apply: () throws -> Everyday) rethrows {
        try state.withLock { state in
            if state.running == 0 { state.saved = try apply() }
            state.running += 1
        }
    }

    /// Counts an import out; `restore` is called with the saved settings when it was the last one.
    func end(_ restore: (Everyday) throws -> Void) rethrows {
        try state.withLock { state in
            guard state.running > 0 else { return }
            state.running -= 1
            if state.running == 0, let saved = state.saved {
                state.saved = nil
                try restore(saved)
            }
        }
    }
}
