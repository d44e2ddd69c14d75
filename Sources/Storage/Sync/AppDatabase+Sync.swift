import Foundation
import GRDB
import Health

extension AppDatabase {
    /// The user's records no gateway has confirmed yet, of the given metrics (all when empty), oldest first.
    /// Records that came in through a gateway are not pushed back out.
    public func unsyncedRecords(userId: Int64, metrics: Set<String>, limit: Int) async throws -> [HealthRecord] {
        try await reader.read { db in
            var request = HealthRecord
                .owned(by: userId)
                .filter { $0.source != RecordSource.gateway.rawValue }
                .filter(sql: "NOT EXISTS (SELECT 1 FROM syncConfirmation c WHERE c.recordId = healthRecord.id)")
            if !metrics.isEmpty { request = request.filter { metrics.contains($0.metric) } }
            return try request.order { [$0.startAt, $0.id] }.limit(limit).fetchReadable(db)
        }
    }

    public func confirmSynced(recordIds: [Int64], userId: Int64, at instant: Date) async throws {
        try await writer.write { db in
            for id in recordIds {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO syncConfirmation (recordId, userId, syncedAt) SELECT id, userId, ? FROM healthRecord WHERE id = ? AND userId = ?",
                    arguments: [instant, id, userId]
                )
            }
        }
    }

    public func recordSyncAttempt(_ attempt: SyncAttemptRecord) async throws {
        try await writer.write { db in
            var attempt = attempt
            try attempt.insert(db)
        }
    }

    /// Newest first.
    public func syncAttempts(userId: Int64, limit: Int) async throws -> [SyncAttemptRecord] {
        try await reader.read { db in
            try SyncAttemptRecord.owned(by: userId).order { [$0.startedAt.desc, $0.id.desc] }.limit(limit).fetchReadable(db)
        }
    }

    public func unsyncedCount(userId: Int64, metrics: Set<String>) async throws -> Int {
        try await reader.read { db in
            var request = HealthRecord
                .owned(by: userId)
                .filter { $0.source != RecordSource.gateway.rawValue }
                .filter(sql: "NOT EXISTS (SELECT 1 FROM syncConfirmation c WHERE c.recordId = healthRecord.id)")
            if !metrics.isEmpty { request = request.filter { metrics.contains($0.metric) } }
            return try request.fetchCount(db)
        }
    }

    /// Deletes the user's records that a gateway confirmed and that started before `cutoff` (R9: keep the
    /// device small once data is safely elsewhere). Unconfirmed records are never pruned.
    public func pruneSynced(userId: Int64, before cutoff: Date) async throws -> Int {
        try await writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM healthRecord WHERE userId = ? AND startAt < ?
                    AND id IN (SELECT recordId FROM syncConfirmation WHERE userId = ?)
                    """,
                arguments: [userId, cutoff, userId]
            )
            return db.changesCount
        }
    }

    /// How many of the user's records a gateway has confirmed.
    public func syncedCount(userId: Int64) async throws -> Int {
        try await reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM syncConfirmation c JOIN healthRecord r ON r.id = c.recordId WHERE r.userId = ?", arguments: [userId]) ?? 0
        }
    }

    /// Deletes the user's `count` oldest records that a gateway confirmed (R9: make room, oldest synced first).
    /// Unconfirmed records are never touched, however many are asked for.
    public func pruneOldestSynced(userId: Int64, count: Int) async throws -> Int {
        guard count > 0 else { return 0 }
        return try await writer.write { db in
            try db.execute(
                sql: """
                    DELETE FROM healthRecord WHERE id IN (
                        SELECT r.id FROM healthRecord r JOIN syncConfirmation c ON c.recordId = r.id
                        WHERE r.userId = ? ORDER BY r.startAt, r.id LIMIT ?
                    )
                    """,
                arguments: [userId, count]
            )
            return db.changesCount
        }
    }
}
