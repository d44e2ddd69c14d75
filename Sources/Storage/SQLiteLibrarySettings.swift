import CSQLiteSettings

/// SQLite's process-wide settings, applied once before the first connection opens (after that SQLite refuses them).
///
/// Allocation statistics off: with them on (SQLite's default), every allocation and free inside SQLite takes one
/// process-wide mutex, for figures (`sqlite3_memory_used`) nothing in Kiroku reads. Mutexes were 3.9 % of an Apple
/// Health import's writing thread (perf, 572,672 records); 0.6 % without it (BENCHMARKS.md, twelfth session).
enum SQLiteLibrarySettings {
    /// Whether the settings took effect; false when something had opened a connection first.
    static let applied: Bool = kiroku_sqlite_memory_statistics(0) == SQLITE_OK
}
