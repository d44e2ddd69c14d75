import Foundation
import GRDB
import Health
import WaitTimes

extension AppDatabase {
    // MARK: Store directory

    /// The directory in its listed order.
    public func stores() async throws -> [Store] {
        try await reader.read { db in
            try StoredStore.order(\.position).fetchReadable(db).compactMap(\.readableStore)
        }
    }

    public func store(id: String) async throws -> Store? {
        try await reader.read { db in try StoredStore.filter(key: id).fetchFirstReadable(db)?.readableStore }
    }

    /// Replaces the directory with `stores` in one transaction and says what changed. Observations are kept.
    @discardableResult
    public func replaceStores(with stores: [Store], now: Date) async throws -> StoreDirectoryChange {
        try await writer.write { db in
            let old = try StoredStore.order(\.position).fetchReadable(db).compactMap(\.readableStore)
            try StoredStore.replaceAll(with: stores, db: db, now: now)
            return StoreDirectoryChange(from: old, to: stores)
        }
    }

    // MARK: Observations

    /// Stores observations (a retry of the same store, time and source is ignored) and, in the same transaction, fires
    /// every pending alert they satisfy — each at most once — posting to its owner's inbox.
    public func addObservations(_ observations: [WaitObservation], timeZone: TimeZone, now: Date, alertMessage: @Sendable (WaitAlert, WaitObservation, Store?) -> (title: LocalizedText, body: LocalizedText)) async throws -> (inserted: Int, fired: [FiredAlert]) {
        try await writer.write { db in
            var inserted = 0
            var fired: [FiredAlert] = []
            for observation in observations {
                var row = StoredObservation(observation, createdAt: now)
                try row.insert(db, onConflict: .ignore)
                guard db.changesCount > 0 else { continue }
                inserted += 1
                let pending = try WaitAlert.filter { $0.storeId == observation.storeId && $0.firedAt == nil }.fetchReadable(db)
                for var alert in pending where alert.rule.isTriggered(by: observation, timeZone: timeZone) {
                    alert.firedAt = now
                    try alert.update(db)
                    let store = try StoredStore.filter(key: observation.storeId).fetchFirstReadable(db)?.readableStore
                    let text = alertMessage(alert, observation, store)
                    var message = InboxMessage(userId: alert.userId, createdAt: now, kind: "wait-alert", title: text.title, body: text.body)
                    try message.insert(db)
                    fired.append(FiredAlert(alert: alert, observation: observation, message: message))
                }
            }
            return (inserted, fired)
        }
    }

    /// The newest observation of every store in the directory that has one. One indexed lookup per store: a
    /// GROUP BY over years of history would read every row.
    public func latestObservations() async throws -> [String: WaitObservation] {
        try await reader.read { db in
            var latest: [String: WaitObservation] = [:]
            for id in try String.fetchAll(db, sql: "SELECT id FROM waitStore") {
                latest[id] = try StoredObservation.filter { $0.storeId == id }
                    .order { [$0.observedAt.desc, $0.id.desc] }.fetchFirstReadable(db)?.observation
            }
            return latest
        }
    }

    public func latestObservation(storeId: String) async throws -> WaitObservation? {
        try await reader.read { db in
            try StoredObservation.filter { $0.storeId == storeId }
                .order { [$0.observedAt.desc, $0.id.desc] }.fetchFirstReadable(db)?.observation
        }
    }

    /// A store's observations since `from`, oldest first (history for forecasts and the heat map).
    public func observations(storeId: String, since from: Date) async throws -> [WaitObservation] {
        try await reader.read { db in
            try StoredObservation.filter { $0.storeId == storeId && $0.observedAt >= from }
                .order(\.observedAt).fetchReadable(db).map(\.observation)
        }
    }

    public func observationCount() async throws -> Int {
        try await reader.read { db in try StoredObservation.fetchCount(db) }
    }

    // MARK: Operator tokens

    public func insertOperatorToken(_ token: OperatorToken) async throws -> OperatorToken {
        try await writer.write { db in
            var token = token
            try token.insert(db)
            return token
        }
    }

    /// The token with this hash, marking it used.
    public func useOperatorToken(hash: String, now: Date) async throws -> OperatorToken? {
        try await writer.write { db in
            guard var token = try OperatorToken.filter(OperatorToken.Columns.tokenHash == hash).fetchFirstReadable(db) else { return nil }
            token.lastUsedAt = now
            try token.update(db)
            return token
        }
    }

    public func operatorTokens() async throws -> [OperatorToken] {
        try await reader.read { db in try OperatorToken.order(\.id).fetchReadable(db) }
    }

    public func revokeOperatorToken(id: Int64) async throws -> Bool {
        try await writer.write { db in try OperatorToken.deleteOne(db, key: id) }
    }

    // MARK: Alerts (owned)

    /// Saves an alert; the same pending alert sent twice (a double-tapped form, a client retry) is stored once and
    /// the first one is returned.
    public func insertAlert(_ alert: WaitAlert) async throws -> (alert: WaitAlert, inserted: Bool) {
        try await writer.write { db in
            let same = WaitAlert.owned(by: alert.userId)
                .filter { $0.storeId == alert.storeId && $0.maxMinutes == alert.maxMinutes }
                .filter { $0.day == alert.day.description && $0.firedAt == nil }
            if let existing = try same.fetchReadable(db).first(where: {
                $0.fromTime == alert.fromTime && $0.untilTime == alert.untilTime && $0.webhookURL == alert.webhookURL && $0.webhookFormat == alert.webhookFormat
            }) {
                return (existing, false)
            }
            var alert = alert
            try alert.insert(db)
            return (alert, true)
        }
    }

    public func alerts(userId: Int64) async throws -> [WaitAlert] {
        try await reader.read { db in
            try WaitAlert.owned(by: userId).order { [$0.createdAt.desc, $0.id.desc] }.fetchReadable(db)
        }
    }

    /// A page of the user's alerts, newest first.
    public func alerts(userId: Int64, page: PageRequest) async throws -> Page<WaitAlert> {
        try await reader.read { db in
            let rows = try WaitAlert.owned(by: userId)
                .newestFirst(by: WaitAlert.Columns.createdAt, id: WaitAlert.Columns.id, page: page)
                .fetchReadable(db)
            return try Page(rows: rows, limit: page.limit) { PageCursor(date: $0.createdAt, id: try $0.savedId) }
        }
    }

    /// The user's alerts on one store, newest first (a store has a handful at most).
    public func alerts(userId: Int64, storeId: String) async throws -> [WaitAlert] {
        try await reader.read { db in
            try WaitAlert.owned(by: userId).filter { $0.storeId == storeId }.order { [$0.createdAt.desc, $0.id.desc] }.fetchReadable(db)
        }
    }

    public func deleteAlert(id: Int64, userId: Int64) async throws -> Bool {
        try await writer.write { db in
            try WaitAlert.owned(by: userId).filter(key: id).deleteAll(db) > 0
        }
    }

    // MARK: Inbox (owned)

    public func insertInboxMessage(_ message: InboxMessage) async throws -> InboxMessage {
        try await writer.write { db in
            var message = message
            try message.insert(db)
            return message
        }
    }

    public func inbox(userId: Int64, limit: Int = 100) async throws -> [InboxMessage] {
        try await reader.read { db in
            try InboxMessage.owned(by: userId).order { [$0.createdAt.desc, $0.id.desc] }.limit(limit).fetchReadable(db)
        }
    }

    /// A page of the user's inbox, newest first.
    public func inbox(userId: Int64, page: PageRequest) async throws -> Page<InboxMessage> {
        try await reader.read { db in
            let rows = try InboxMessage.owned(by: userId)
                .newestFirst(by: InboxMessage.Columns.createdAt, id: InboxMessage.Columns.id, page: page)
                .fetchReadable(db)
            return try Page(rows: rows, limit: page.limit) { PageCursor(date: $0.createdAt, id: try $0.savedId) }
        }
    }

    public func unreadInboxCount(userId: Int64) async throws -> Int {
        try await reader.read { db in
            try InboxMessage.owned(by: userId).filter { $0.readAt == nil }.fetchCount(db)
        }
    }

    /// Marks every unread message of the user read.
    /// Marks the owner's unread messages read at `now`: all of them, or only those posted before `createdBefore`.
    public func markInboxRead(userId: Int64, createdBefore: Date? = nil, now: Date) async throws {
        _ = try await writer.write { db in
            var unread = InboxMessage.owned(by: userId).filter { $0.readAt == nil }
            if let createdBefore { unread = unread.filter { $0.createdAt < createdBefore } }
            try unread.updateAll(db) { $0.readAt.set(to: now) }
        }
    }
}
