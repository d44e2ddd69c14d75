import CSQLiteSettings
import Foundation
@testable import Storage
import Testing

@Suite struct SQLiteLibrarySettingsTests {
    /// Opening a database first turns SQLite's allocation statistics off for the process: SQLite then counts nothing,
    /// however much it allocates (with them on, the figure below is the bytes it holds, never 0 with a database open).
    @Test func allocationStatisticsAreOffOnceADatabaseIsOpen() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "stats", passwordHash: "x", createdAt: Date()))
        #expect(user.id != nil)
        #expect(SQLiteLibrarySettings.applied)
        #expect(sqlite3_memory_used() == 0)
        #expect(kiroku_sqlite_memory_statistics(1) == SQLITE_MISUSE, "the setting can no longer change")
    }
}
