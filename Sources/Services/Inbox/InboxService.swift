import Foundation
import Storage

/// The per-user inbox every system posts to (wait alerts, personal records, badges): read a page at a time, newest
/// first, and marked read together.
public struct InboxService: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public func messages(userId: Int64, page: PageRequest) async throws -> Page<InboxMessage> {
        try await database.inbox(userId: userId, page: page)
    }

    public func unreadCount(userId: Int64) async throws -> Int {
        try await database.unreadInboxCount(userId: userId)
    }

    public func markAllRead(userId: Int64, now: Date) async throws {
        try await database.markInboxRead(userId: userId, now: now)
    }

    /// Marks read what was posted before `date` (the demo's history, which its person would have read).
    public func markRead(userId: Int64, postedBefore date: Date, now: Date) async throws {
        try await database.markInboxRead(userId: userId, createdBefore: date, now: now)
    }
}
