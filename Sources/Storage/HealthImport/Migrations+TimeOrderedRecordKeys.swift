import Foundation
import GRDB

extension Migrations {
    /// Moves every record's natural-key slot to the time-ordered form `NaturalKey.sample` now produces (the start
    /// hour above the low 32 bits of the old slot), and the correlations' links to their member records with it,
    /// so that an export imported before this change is still recognised when it is imported again.
    ///
    /// The low 32 bits of a stored slot are those of the folded hash (plus the offset of the rare slot taken after
    /// a collision), so the new slot follows from the row alone. Rows are moved in id order, a chunk at a time, so
    /// a long history never sits in memory at once. A new slot already taken (two records that agree on the hour
    /// and 32 bits of the hash) takes the next free one of the eight beside it, as `NaturalKeySlots` does. The
    /// key's form and the eight slots are written out here as they were when this migration shipped;
    /// `TimeOrderedRecordKeysTests` checks that they give the importer's slots.
    ///
    /// One case cannot be carried over: a record that sat beside its home because another item's 64-bit key
    /// collided with it (a few in a million among ten million samples) moves beside a new home that the other
    /// item, starting in a different hour, no longer holds; importing it again would store it a second time, as
    /// deleting the other item always could.
    static func timeOrderedRecordKeys(_ db: Database) throws {
        let members = try correlationMembers(db)
        var movedMembers: [MemberSlot: Int64] = [:]
        let chunk = try db.makeStatement(sql: """
            SELECT id, userId, startAt, naturalKey FROM healthRecord
            WHERE id > ? AND naturalKey IS NOT NULL ORDER BY id LIMIT 10000
            """)
        let move = try db.makeStatement(sql: "UPDATE OR IGNORE healthRecord SET naturalKey = ? WHERE id = ?")
        var lastId: Int64 = 0
        while true {
            let rows = try Row.fetchAll(chunk, arguments: [lastId])
            guard let last = rows.last else { break }
            lastId = last["id"]
            for row in rows {
                // A record whose start cannot be read is left out of reads; its slot stays where it was.
                guard let start = try? row.decode(Date.self, forColumn: "startAt") else { continue }
                let old: Int64 = row["naturalKey"]
                let home = min(startHour(of: start) << 32 | (old & 0xFFFF_FFFF), Int64.max - 7)
                guard home != old else { continue }
                let id: Int64 = row["id"]
                for slot in home..<(home + 8) {
                    try move.execute(arguments: [slot, id])
                    if db.changesCount > 0 {
                        let member = MemberSlot(userId: row["userId"], slot: old)
                        if members.contains(member) { movedMembers[member] = slot }
                        break
                    }
                }
            }
        }
        try relink(db, movedMembers: movedMembers)
    }

    /// `NaturalKey.startHour(of:)` as this migration was written (a migration never depends on application code
    /// that may change after it): whole hours since 1970 before the millisecond the key reads, within 32 bits.
    private static func startHour(of date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        return Int64(min(max((milliseconds / 3_600_000).rounded(.down), -2_147_483_648), 2_147_483_647))
    }

    private struct MemberSlot: Hashable {
        let userId: Int64
        let slot: Int64
    }

    /// Every slot a correlation names, with its owner.
    private static func correlationMembers(_ db: Database) throws -> Set<MemberSlot> {
        var members: Set<MemberSlot> = []
        for row in try Row.fetchAll(db, sql: "SELECT userId, memberKeys FROM healthCorrelation") {
            let slots = (try? JSONDecoder().decode([Int64].self, from: Data((row["memberKeys"] as String).utf8))) ?? []
            for slot in slots { members.insert(MemberSlot(userId: row["userId"], slot: slot)) }
        }
        return members
    }

    /// Rewrites the correlations whose member records moved. A member that is a raw item did not move.
    private static func relink(_ db: Database, movedMembers: [MemberSlot: Int64]) throws {
        guard !movedMembers.isEmpty else { return }
        let update = try db.makeStatement(sql: "UPDATE healthCorrelation SET memberKeys = ? WHERE id = ?")
        for row in try Row.fetchAll(db, sql: "SELECT id, userId, memberKeys FROM healthCorrelation") {
            let userId: Int64 = row["userId"]
            let slots = (try? JSONDecoder().decode([Int64].self, from: Data((row["memberKeys"] as String).utf8))) ?? []
            let moved = slots.map { movedMembers[MemberSlot(userId: userId, slot: $0)] ?? $0 }
            guard moved != slots else { continue }
            try update.execute(arguments: ["[" + moved.map(String.init).joined(separator: ",") + "]", row["id"]])
        }
    }
}
