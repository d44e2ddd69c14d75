import Foundation
import GRDB

extension AppDatabase {
    /// Posts `message` unless the user already has one of the same kind and English title, checked and written
    /// in one transaction, so two pages loading at once post it once. True when it was posted now.
    public func insertInboxMessageOnce(_ message: InboxMessage) async throws -> Bool {
        try await writer.write { db in
            let exists = try InboxMessage.owned(by: message.userId)
                .filter { $0.kind == message.kind && $0.titleEn == message.titleEn }
                .fetchCount(db) > 0
            guard !exists else { return false }
            var message = message
            try message.insert(db)
            return true
        }
    }
}
