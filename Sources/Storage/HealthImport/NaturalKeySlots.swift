import GRDB
import Health

/// Where an item's natural key is stored in one table.
///
/// The unique (userId, naturalKey) index holds the 64-bit `value` of the 128-bit key; the other half sits
/// beside it in `naturalKeyCheck`. An item normally lives at its own `value` (its home slot). When that slot
/// holds a *different* item — the halves tell — it goes to the next free slot of the eight that follow, so a
/// collision costs neither item. Finding an item therefore looks at those eight slots, which is one index
/// range read, and only happens when the home slot is taken (a re-import, or the rare collision).
///
/// Rows written before the check existed have no `naturalKeyCheck`; they were always stored at their home
/// slot, and an item finding one there is taken to be that row, as it was then.
struct NaturalKeySlots {
    /// Slots an item may occupy, its home slot first. Eight colliding items at one home are beyond any
    /// real collection (the chance of a single collision is millions to one).
    static let width: Int64 = 8

    enum Placement: Equatable {
        case present(slot: Int64)
        case free(slot: Int64)
    }

    private let userId: Int64
    private let neighbourhood: Statement

    init(db: Database, table: String, userId: Int64) throws {
        self.userId = userId
        neighbourhood = try db.cachedStatement(sql: """
            SELECT naturalKey, naturalKeyCheck FROM \(table) WHERE userId = ? AND naturalKey BETWEEN ? AND ?
            """)
    }

    /// The home slot; near the top of the integer range the neighbourhood is moved down so it never wraps.
    static func home(of key: NaturalKey) -> Int64 {
        home(value: key.value)
    }

    static func home(value: Int64) -> Int64 {
        min(value, Int64.max - (width - 1))
    }

    /// The slot where `key`'s item is stored, or the slot it should take.
    func place(_ key: NaturalKey) throws -> Placement {
        let home = Self.home(of: key)
        var taken: Set<Int64> = []
        let rows = try Row.fetchCursor(neighbourhood, arguments: [userId, home, home + Self.width - 1])
        while let row = try rows.next() {
            let slot: Int64 = row[0]
            let check: Int64? = row[1]
            if check == key.check || (check == nil && slot == home) { return .present(slot: slot) }
            taken.insert(slot)
        }
        guard let free = (home..<(home + Self.width)).first(where: { !taken.contains($0) }) else {
            throw DatabaseError(resultCode: .SQLITE_FULL, message: "eight natural keys collide at \(home)")
        }
        return .free(slot: free)
    }

    /// Stores an item with `insert(slot)` (an `INSERT OR IGNORE` that answers whether it wrote a row):
    /// at the home slot when that is free, else after a look at the neighbourhood. Answers whether a row
    /// was written and the slot that holds the item.
    ///
    /// `lookingFirst`: for an item that is probably stored already (an insert of it was just refused, or its
    /// neighbours in an export imported again are stored), the neighbourhood is read before any insert is tried.
    func store(_ key: NaturalKey, lookingFirst: Bool = false, insert: (_ slot: Int64) throws -> Bool) throws -> (inserted: Bool, slot: Int64) {
        let home = Self.home(of: key)
        if !lookingFirst, try insert(home) { return (true, home) }
        switch try place(key) {
        case let .present(slot):
            return (false, slot)
        case let .free(slot):
            return (try insert(slot), slot)
        }
    }
}
