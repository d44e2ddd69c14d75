import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `kiroku import` runs with glibc's malloc capped at two arenas from its first allocation.
///
/// The cap (see `ImportCommand.capMallocArenas`) only binds arenas not yet created, and the runtime's threads allocate
/// before `main`: a thread started later, such as the one that checkpoints the log, could still take an arena of its
/// own, 8 MiB more at the peak of the 220 MB benchmark import, over the 100 MiB it must stay under. glibc reads
/// `MALLOC_ARENA_MAX` from the environment before anything allocates, so an import starts itself again, once, with
/// it set. The process keeps its id, its arguments and its open files.
enum MallocArenaRestart {
    static let variable = "MALLOC_ARENA_MAX"

    /// Returns only when the process was not restarted: not Linux, the variable already set (by the user, or by the
    /// first start), or `exec` failing; the import then has the `mallopt` cap alone.
    static func restartCappedIfNeeded() {
        #if os(Linux)
        guard getenv(variable) == nil else { return }
        setenv(variable, "2", 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        unsetenv(variable)
        #endif
    }
}
