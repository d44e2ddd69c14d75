import Foundation
import GRDB
import Storage
import Testing

@Suite struct AppDatabaseTests {
    @Test func openedDatabaseUsesWriteAheadLogging() throws {
        let database = try AppDatabase.temporary()
        let mode = try database.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }
}
