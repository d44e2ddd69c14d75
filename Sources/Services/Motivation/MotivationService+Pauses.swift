import Foundation
import Health
import Motivation
import Storage

extension MotivationService {
    /// Adds a pause (holiday, illness) of at most 90 days: its days neither count nor break a streak and send no
    /// reminders. Badges are recomputed, since a pause can keep a streak alive.
    public func addPause(userId: Int64, first: String, last: String, now: Date) async throws -> MotivationPauseRow {
        guard let firstDay = LocalDay(first) else { throw ServiceError.invalidDate("first", text: first) }
        guard let lastDay = LocalDay(last) else { throw ServiceError.invalidDate("last", text: last) }
        let range = try PauseRange(first: firstDay, last: lastDay)
        // Checked in the write that inserts, so two quick taps on "Add" cannot both pass the check.
        let row = try await database.insertPause(MotivationPauseRow(
            userId: userId, firstDay: range.first.description, lastDay: range.last.description, createdAt: now
        )) { existing in
            try range.checkAddable(beside: existing.compactMap(Self.pauseRange))
        }
        await refreshBadgesAfterWrite(userId: userId, now: now)
        return row
    }

    /// A stored pause as the rules read it (as `pauses(userId:)` reads them); a row that no longer parses is left out.
    static func pauseRange(_ row: MotivationPauseRow) -> PauseRange? {
        guard let first = LocalDay(row.firstDay), let last = LocalDay(row.lastDay) else { return nil }
        return try? PauseRange(first: first, last: last)
    }

    public func pauseRows(userId: Int64) async throws -> [MotivationPauseRow] {
        try await database.pauses(userId: userId)
    }

    public func deletePause(id: Int64, userId: Int64) async throws {
        guard try await database.deletePause(id: id, userId: userId) else { throw ServiceError.notFound }
    }
}
