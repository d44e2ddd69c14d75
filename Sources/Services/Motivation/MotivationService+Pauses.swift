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
        let row = try await database.insertPause(MotivationPauseRow(
            userId: userId, firstDay: range.first.description, lastDay: range.last.description, createdAt: now
        ))
        await refreshBadgesAfterWrite(userId: userId, now: now)
        return row
    }

    public func pauseRows(userId: Int64) async throws -> [MotivationPauseRow] {
        try await database.pauses(userId: userId)
    }

    public func deletePause(id: Int64, userId: Int64) async throws {
        guard try await database.deletePause(id: id, userId: userId) else { throw ServiceError.notFound }
    }
}
