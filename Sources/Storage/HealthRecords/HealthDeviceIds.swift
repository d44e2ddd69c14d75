import GRDB

/// The `healthDevice` id of each device description an owner's imported samples name, added on first use.
///
/// Holds ids for one transaction only: an id added by a transaction that is rolled back is gone, so a writer makes
/// one of these inside each transaction it writes in.
final class HealthDeviceIds {
    private let userId: Int64
    private let insert: Statement
    private let lookUp: Statement
    private var ids: [String: Int64] = [:]
    /// The last few descriptions asked for: samples come in runs from one device or a few taking turns, and comparing
    /// with them skips hashing a description of a hundred bytes or more for every sample.
    private var recent = RecentKeys<String, Int64>(capacity: 4)

    init(_ db: Database, userId: Int64) throws {
        self.userId = userId
        insert = try db.cachedStatement(sql: """
            INSERT INTO healthDevice (userId, description) VALUES (?, ?) ON CONFLICT (userId, description) DO NOTHING
            """)
        lookUp = try db.cachedStatement(sql: "SELECT id FROM healthDevice WHERE userId = ? AND description = ?")
    }

    /// The id of `description`, nil for a sample without a device.
    func id(for description: String?) throws -> Int64? {
        guard let description else { return nil }
        if let index = recent.index(of: description) { return recent[index] }
        let id: Int64
        if let known = ids[description] {
            id = known
        } else {
            try insert.execute(arguments: [userId, description])
            guard let stored = try Int64.fetchOne(lookUp, arguments: [userId, description]) else {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "a device description was not stored")
            }
            ids[description] = stored
            id = stored
        }
        _ = recent.add(description, id)
        return id
    }
}
