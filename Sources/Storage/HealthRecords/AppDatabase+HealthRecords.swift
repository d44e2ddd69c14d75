import Foundation
import GRDB
import Health

extension AppDatabase {
    /// Inserts records in one transaction. A record whose (source, externalId) the user already has
    /// is not inserted again: the stored one is returned in its place, so client retries are harmless.
    ///
    /// `checkStored` is shown, inside the transaction, each record returned in place of one sent (its position in
    /// `records`, the stored record): throwing rolls the whole batch back, so a caller can refuse a key reused for
    /// other content without the rest of the batch staying stored, even when another request stored that key a
    /// moment before. Whether the two are the same record is the caller's decision; storage only answers what it has.
    public func insertRecords(
        _ records: [HealthRecord], checkStored: @escaping @Sendable (_ position: Int, _ stored: HealthRecord) throws -> Void = { _, _ in }
    ) async throws -> [(record: HealthRecord, inserted: Bool)] {
        let prepared = records.map { PreparedHealthRecord($0) }
        return try await writer.write { db in
            let outcomes = try HealthRecordBatchInsert.insertAll(prepared, db: db)
            for (position, outcome) in outcomes.enumerated() where !outcome.inserted {
                try checkStored(position, outcome.record)
            }
            return outcomes
        }
    }

    /// The record with this id if, and only if, it belongs to `userId`.
    public func record(id: Int64, userId: Int64) async throws -> HealthRecord? {
        try await reader.read { db in
            try HealthRecord.owned(by: userId).filter(key: id).fetchFirstReadable(db)
        }
    }

    public func records(userId: Int64, query: HealthRecordQuery) async throws -> HealthRecordPage {
        try await reader.read { db in
            var request = HealthRecord.owned(by: userId)
            if let metric = query.metric { request = request.filter { $0.metric == metric } }
            if let source = query.source { request = request.filter { $0.source == source } }
            if let from = query.from { request = request.filter { $0.startAt >= from } }
            if let to = query.to { request = request.filter { $0.startAt < to } }
            let page = PageRequest(limit: query.limit, cursor: query.cursor)
            let rows = try request.newestFirst(by: HealthRecord.Columns.startAt, id: HealthRecord.Columns.id, page: page).fetchReadable(db)
            let cut = try Page(rows: rows, limit: page.limit) { PageCursor(date: $0.startAt, id: try $0.savedId) }
            return HealthRecordPage(records: cut.items, nextCursor: cut.nextCursor)
        }
    }

    /// Every record the user owns, oldest first, all in memory: for small accounts and tests (exports read
    /// `recordsOldestFirst` a page at a time).
    public func allRecords(userId: Int64) async throws -> [HealthRecord] {
        try await reader.read { db in
            try HealthRecord.owned(by: userId).order { [$0.startAt, $0.id] }.fetchReadable(db)
        }
    }

    /// The user's records oldest first (by start, then id), `limit` after `cursor` (the last record of the page before):
    /// an export reads every record a page at a time instead of holding all of them.
    public func recordsOldestFirst(userId: Int64, after cursor: PageCursor?, limit: Int) async throws -> [HealthRecord] {
        try await reader.read { db in
            try HealthRecord.owned(by: userId)
                .oldestFirst(by: HealthRecord.Columns.startAt, id: HealthRecord.Columns.id, after: cursor, limit: limit)
                .fetchReadable(db)
        }
    }

    /// For each (metric, instant): whether the user has a record of that metric starting within `seconds` of it.
    /// One read however many are asked, each an indexed probe (userId, metric, startAt) of at most one row.
    public func hasRecordNear(userId: Int64, _ probes: [(metric: String, instant: Date)], within seconds: TimeInterval) async throws -> [Bool] {
        guard !probes.isEmpty else { return [] }
        return try await reader.read { db in
            let probe = try ImportStatement(db, sql: "SELECT 1 FROM healthRecord WHERE userId = ? AND metric = ? AND startAt >= ? AND startAt <= ? LIMIT 1")
            return try probes.map { metric, instant in
                try probe.first(db, bind: { row in
                    row.add(userId)
                    row.add(metric)
                    row.add(DatabaseDateText.string(instant.addingTimeInterval(-seconds)))
                    row.add(DatabaseDateText.string(instant.addingTimeInterval(seconds)))
                }, read: { _ in true }) ?? false
            }
        }
    }

    /// Values of one metric whose start falls in [from, to), ready for daily aggregation.
    public func timedValues(userId: Int64, metric: String, from: Date, to: Date) async throws -> [TimedValue] {
        try await reader.read { db in
            let rows = try Row.fetchAll(
                db,
                HealthRecord
                    .owned(by: userId)
                    .filter { $0.metric == metric && $0.startAt >= from && $0.startAt < to }
                    .select { [$0.value, $0.startAt, $0.endAt] }
                    .order(\.startAt)
            )
            return rows.compactMap(Self.timedValue)
        }
    }

    /// The metric's last value that started before `before`, if any.
    public func lastTimedValue(userId: Int64, metric: String, before: Date) async throws -> TimedValue? {
        try await reader.read { db in
            let row = try Row.fetchOne(
                db,
                HealthRecord
                    .owned(by: userId)
                    .filter { $0.metric == metric && $0.startAt < before }
                    .select { [$0.value, $0.startAt, $0.endAt] }
                    .order(\.startAt.desc)
            )
            return row.flatMap(Self.timedValue)
        }
    }

    /// A row whose times cannot be read is left out of the charts rather than failing them.
    private static func timedValue(_ row: Row) -> TimedValue? {
        guard let start = try? row.decode(Date.self, forColumn: "startAt"), let end = try? row.decode(Date.self, forColumn: "endAt") else { return nil }
        return TimedValue(value: row["value"], start: start, end: end)
    }

    /// The records of one metric whose start falls in [from, to), oldest first, whole (metadata included): what
    /// the sleep-stages chart reads. Unreadable rows are left out.
    public func records(userId: Int64, metric: String, from: Date, to: Date) async throws -> [HealthRecord] {
        try await reader.read { db in
            try HealthRecord.owned(by: userId).filter { $0.metric == metric && $0.startAt >= from && $0.startAt < to }.order(\.startAt).fetchReadable(db)
        }
    }

    /// The most recent record of each metric, for the dashboard's "today" tiles.
    /// When the user's oldest record of any of `metrics` started, or nil when there is none.
    public func earliestRecordStart(userId: Int64, metrics: [String]) async throws -> Date? {
        try await reader.read { db in
            // One indexed MIN per metric (userId, metric, startAt) rather than a scan of every record.
            try metrics.compactMap { metric in
                try DatabaseValue.fetchOne(db, HealthRecord.owned(by: userId).filter { $0.metric == metric }.select { min($0.startAt) })
                    .flatMap(Date.fromDatabaseValue)
            }.min()
        }
    }

    public func latestRecord(userId: Int64, metric: String) async throws -> HealthRecord? {
        try await reader.read { db in
            try HealthRecord
                .owned(by: userId)
                .filter { $0.metric == metric }
                .order { [$0.startAt.desc, $0.id.desc] }
                .fetchFirstReadable(db)
        }
    }

    public func updateRecord(_ record: HealthRecord) async throws {
        try await writer.write { db in try record.update(db) }
    }

    /// Deletes the record if the user owns it. Returns false otherwise, so callers answer 404.
    @discardableResult
    public func deleteRecord(id: Int64, userId: Int64) async throws -> Bool {
        try await writer.write { db in
            try HealthRecord.owned(by: userId).filter(key: id).deleteAll(db) > 0
        }
    }

    /// Summed from the hourly rollups the triggers keep: counting the records themselves walked every one of
    /// them, and the badge refresh after each gateway batch asks.
    public func recordCount(userId: Int64) async throws -> Int {
        try await reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(count), 0) FROM healthRecordHourly WHERE userId = ?", arguments: [userId]) ?? 0
        }
    }
}
