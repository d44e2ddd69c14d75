#include <sqlite3.h>

/// SQLite's process-wide settings that Kiroku changes. `sqlite3_config` is variadic, which Swift cannot call; these
/// wrappers take fixed arguments. Each answers SQLITE_OK, or SQLITE_MISUSE once SQLite has been initialised (the first
/// connection does that), when the setting can no longer change.

/// Whether SQLite keeps allocation statistics (`sqlite3_memory_used` and friends). Keeping them takes a process-wide
/// mutex around every allocation and free SQLite makes.
static inline int kiroku_sqlite_memory_statistics(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
