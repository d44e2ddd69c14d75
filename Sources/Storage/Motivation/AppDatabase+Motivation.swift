import Foundation
import GRDB
import Health

/// What the motivation system reads from a user's records, and its own rows. Every method filters by the owner.
extension AppDatabase {
    /// The hours in which the user has records, by metric, each metric's in ascending order, with the start of each
    /// hour's latest record: from the hourly rollups, one row per hour with data, so that a badge refresh, which runs
    /// after every write, does not read every record (`HourlyDataDays` tells the days from them).
    ///
    /// SQLite gives one integer per hour: the latest record's start to the second, read from the rollup's `latestKey`
    /// (which begins with that record's stored start); the hour is the whole hour before it. No text reaches Swift but
    /// the metrics' names, and SQLite parses one date per hour, as when it read the hour alone.
    public func recordHours(userId: Int64) async throws -> [String: [HourlyDataDays.Hour]] {
        try await reader.read { db in
            let latestStarts = try db.cachedStatement(sql: """
                SELECT CAST(strftime('%s', substr(latestKey, 1, 19)) AS INTEGER)
                FROM healthRecordHourly WHERE userId = ? AND metric = ? ORDER BY hour
                """)
            let metrics = try String.fetchAll(
                db, sql: "SELECT DISTINCT metric FROM healthRecordHourly WHERE userId = ?", arguments: [userId]
            )
            var byMetric: [String: [HourlyDataDays.Hour]] = [:]
            for metric in metrics {
                var hours: [HourlyDataDays.Hour] = []
                // An hour SQLite cannot read (NULL) is left out, as a record whose date cannot be read is.
                let seconds = try Optional<Int64>.fetchCursor(latestStarts, arguments: [userId, metric])
                while let second = try seconds.next() {
                    guard let second else { continue }
                    let (quotient, remainder) = second.quotientAndRemainder(dividingBy: 3_600)
                    let hourStart = (remainder < 0 ? quotient - 1 : quotient) * 3_600
                    hours.append(HourlyDataDays.Hour(
                        start: Date(timeIntervalSince1970: Double(hourStart)), latestStart: Date(timeIntervalSince1970: Double(second))
                    ))
                }
                if !hours.isEmpty { byMetric[metric] = hours }
            }
            return byMetric
        }
    }

    /// The starts, to the second, of the user's records of `metric` in the hours beginning at `hourStarts`.
    public func recordStarts(userId: Int64, metric: String, inHoursStarting hourStarts: [Date]) async throws -> [Date] {
        try await reader.read { db in
            let starts = try db.cachedStatement(sql: """
                SELECT CAST(strftime('%s', startAt) AS INTEGER) FROM healthRecord
                WHERE userId = ? AND metric = ? AND startAt >= ? AND startAt < ?
                """)
            var dates: [Date] = []
            for hour in hourStarts {
                let bounds = [DatabaseDateText.string(hour), DatabaseDateText.string(hour.addingTimeInterval(3_600))]
                let seconds = try Optional<Int64>.fetchCursor(starts, arguments: [userId, metric, bounds[0], bounds[1]])
                while let second = try seconds.next() {
                    if let second { dates.append(Date(timeIntervalSince1970: Double(second))) }
                }
            }
            return dates
        }
    }

    /// The sum of a metric's values (steps total).
    public func recordSum(userId: Int64, metric: String) async throws -> Double {
        try await reader.read { db in
            try Double.fetchOne(db, sql: "SELECT COALESCE(SUM(sum), 0) FROM healthRecordHourly WHERE userId = ? AND metric = ?", arguments: [userId, metric]) ?? 0
        }
    }

    /// The first and the latest value of a metric, by time.
    public func firstAndLatestValue(userId: Int64, metric: String) async throws -> (first: Double, latest: Double)? {
        try await reader.read { db in
            let first = try Double.fetchOne(db, sql: "SELECT value FROM healthRecord WHERE userId = ? AND metric = ? ORDER BY startAt ASC LIMIT 1", arguments: [userId, metric])
            let latest = try Double.fetchOne(db, sql: "SELECT value FROM healthRecord WHERE userId = ? AND metric = ? ORDER BY startAt DESC LIMIT 1", arguments: [userId, metric])
            guard let first, let latest else { return nil }
            return (first, latest)
        }
    }

    /// Workouts: those imported from Health plus the days with strength sets logged.
    public func workoutCount(userId: Int64) async throws -> Int {
        try await reader.read { db in
            let health = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM healthWorkout WHERE userId = ?", arguments: [userId]) ?? 0
            let strength = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT day) FROM workoutSet WHERE userId = ?", arguments: [userId]) ?? 0
            return health + strength
        }
    }

    /// Task steps ticked off.
    public func completedStepCount(userId: Int64) async throws -> Int {
        try await reader.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM taskStep WHERE userId = ? AND completedAt IS NOT NULL", arguments: [userId]) ?? 0
        }
    }

    // MARK: Badge awards

    public func badgeAwards(userId: Int64) async throws -> [BadgeAwardRow] {
        try await reader.read { db in
            try BadgeAwardRow.owned(by: userId).order(BadgeAwardRow.Columns.awardedAt, BadgeAwardRow.Columns.id).fetchReadable(db)
        }
    }

    /// Stores new awards and removes withdrawn ones in one transaction, posting an inbox message for each award.
    /// An award that already exists (the same badge and sequence: another request got there first) is skipped,
    /// message and all, so a badge is awarded once however often and however concurrently it is checked.
    /// Returns the awards actually stored.
    public func applyBadgeChanges(
        userId: Int64, awards: [(badgeId: String, awardedAt: Date, message: InboxMessage)], withdrawals: [(badgeId: String, awardedAt: Date)]
    ) async throws -> [BadgeAwardRow] {
        try await writer.write { db in
            for withdrawal in withdrawals {
                let latest = try BadgeAwardRow.owned(by: userId).filter(BadgeAwardRow.Columns.badgeId == withdrawal.badgeId)
                    .order(BadgeAwardRow.Columns.sequence.desc).fetchOne(db)
                if let latest {
                    try latest.delete(db)
                    // The note that announced it goes with it; a later award posts its own.
                    let note = try InboxMessage.owned(by: userId).filter(InboxMessage.Columns.subject == BadgeAwardRow.inboxSubject(withdrawal.badgeId))
                        .order(InboxMessage.Columns.id.desc).fetchOne(db)
                    if let note { try note.delete(db) }
                }
            }
            var stored: [BadgeAwardRow] = []
            for award in awards {
                let count = try BadgeAwardRow.owned(by: userId).filter(BadgeAwardRow.Columns.badgeId == award.badgeId).fetchCount(db)
                var row = BadgeAwardRow(userId: userId, badgeId: award.badgeId, sequence: count + 1, awardedAt: award.awardedAt)
                try row.insert(db, onConflict: .ignore)
                guard db.changesCount > 0 else { continue }
                var message = award.message
                try message.insert(db)
                stored.append(row)
            }
            return stored
        }
    }

    /// The awards not celebrated yet, marked as celebrated now: the next page view shows them once.
    public func takeUncelebratedAwards(userId: Int64, now: Date) async throws -> [BadgeAwardRow] {
        try await writer.write { db in
            let rows = try BadgeAwardRow.owned(by: userId).filter(BadgeAwardRow.Columns.celebratedAt == nil).fetchAll(db)
            if !rows.isEmpty {
                try BadgeAwardRow.owned(by: userId).filter(BadgeAwardRow.Columns.celebratedAt == nil)
                    .updateAll(db, BadgeAwardRow.Columns.celebratedAt.set(to: now))
            }
            return rows
        }
    }

    // MARK: Pauses

    public func pauses(userId: Int64) async throws -> [MotivationPauseRow] {
        try await reader.read { db in try MotivationPauseRow.owned(by: userId).order(MotivationPauseRow.Columns.firstDay).fetchReadable(db) }
    }
}
