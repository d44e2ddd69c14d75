import Foundation
import GRDB
import Health

/// One local day's aggregate of a metric's records, computed by SQLite.
public struct DailyAggregate: Sendable, Equatable {
    public let day: LocalDay
    public let count: Int
    public let sum: Double
    public let min: Double
    public let max: Double
    public let latest: Double
    public let latestStart: Date

    public init(day: LocalDay, count: Int, sum: Double, min: Double, max: Double, latest: Double, latestStart: Date) {
        self.day = day
        self.count = count
        self.sum = sum
        self.min = min
        self.max = max
        self.latest = latest
        self.latestStart = latestStart
    }

    /// Two parts of one local day (split by a daylight-saving change) as one.
    func merged(with other: DailyAggregate) -> DailyAggregate {
        let later = other.latestStart >= latestStart ? other : self
        return DailyAggregate(
            day: day, count: count + other.count, sum: sum + other.sum, min: Swift.min(min, other.min),
            max: Swift.max(max, other.max), latest: later.latest, latestStart: later.latestStart
        )
    }
}

extension AppDatabase {
    /// Per day in `timeZone`, the count, sum, min, max and latest value of one metric's records whose start falls in
    /// [from, to) — what Health's `DailyAggregator` computes from `timedValues`, but grouped inside SQLite so years of
    /// minute-level samples are not decoded row by row. Days are the metric's, by the catalog's `dayBoundary` (for
    /// sleep a day runs from 18:00 the evening before), so `from` and `to` are best that rule's day starts. The range
    /// is cut at the zone's daylight-saving changes; within each piece the offset is fixed, so SQLite's date
    /// arithmetic (the local time moved forward by the boundary's lead) gives the day exactly.
    public func dailyAggregates(userId: Int64, metric: String, from: Date, to: Date, timeZone: TimeZone) async throws -> [DailyAggregate] {
        let lead = MetricCatalog.metric(named: metric)?.dayBoundary.secondsBeforeMidnight ?? 0
        var pieces: [(from: Date, to: Date, offset: Int)] = []
        var start = from
        while start < to {
            let change = timeZone.nextDaylightSavingTimeTransition(after: start).map { Swift.min($0, to) } ?? to
            pieces.append((start, change, timeZone.secondsFromGMT(for: start)))
            start = change
        }
        let spans = pieces
        // Whole-hour pieces with whole-hour offsets and a whole-hour lead (every whole-hour zone's days, sleep's
        // 18:00 included, and daylight-saving changes) read the hourly rollups, since then no UTC hour straddles two
        // days; anything else (India's +5:30, Nepal's +5:45) reads the records themselves.
        let hourly = lead % 3_600 == 0 && spans.allSatisfy { piece in
            piece.from.timeIntervalSince1970.truncatingRemainder(dividingBy: 3_600) == 0
                && piece.to.timeIntervalSince1970.truncatingRemainder(dividingBy: 3_600) == 0 && piece.offset % 3_600 == 0
        }
        return try await reader.read { db in
            var byDay: [LocalDay: DailyAggregate] = [:]
            for piece in spans {
                let shift = piece.offset + lead
                let offset = "\(shift >= 0 ? "+" : "")\(shift) seconds"
                let rows: RowCursor
                if hourly {
                    rows = try Row.fetchCursor(
                        db,
                        sql: """
                            SELECT date(hour || ':00:00', ?) AS day, sum(count) AS n, sum(sum) AS total, min(min) AS low, max(max) AS high,
                                   substr(max(latestKey), 1, 23) AS latestStart, max(latestKey) AS latestKey
                            FROM healthRecordHourly
                            WHERE userId = ? AND metric = ? AND hour >= ? AND hour < ?
                            GROUP BY day
                            """,
                        arguments: [offset, userId, metric, Self.hourKey(piece.from), Self.hourKey(piece.to)]
                    )
                } else {
                    // The latest value rides in a sortable key: start, then id (among equal starts the one stored
                    // last, as `DailyAggregator` keeps the last in input order), then the value written exactly.
                    rows = try Row.fetchCursor(
                        db,
                        sql: """
                            SELECT date(startAt, ?) AS day, count(*) AS n, sum(value) AS total, min(value) AS low,
                                   max(value) AS high, max(startAt) AS latestStart, max(\(Migrations.latestKey(""))) AS latestKey
                            FROM healthRecord
                            WHERE userId = ? AND metric = ? AND startAt >= ? AND startAt < ?
                            GROUP BY day
                            """,
                        arguments: [offset, userId, metric, piece.from, piece.to]
                    )
                }
                while let row = try rows.next() {
                    guard let text: String = row["day"], let day = LocalDay(text),
                          let latestStart = try? row.decode(Date.self, forColumn: "latestStart"),
                          let key: String = row["latestKey"], let bar = key.lastIndex(of: "|"),
                          let latest = Double(key[key.index(after: bar)...])
                    else { continue }
                    let aggregate = DailyAggregate(
                        day: day, count: row["n"], sum: row["total"], min: row["low"], max: row["high"],
                        latest: latest, latestStart: latestStart
                    )
                    byDay[day] = byDay[day].map { $0.merged(with: aggregate) } ?? aggregate
                }
            }
            return byDay.values.sorted { $0.day < $1.day }
        }
    }

    /// "2026-01-31 07": a UTC hour as the rollups key it (the stored start's first 13 characters).
    static func hourKey(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour], from: date)
        return String(format: "%04d-%02d-%02d %02d", parts.year!, parts.month!, parts.day!, parts.hour!)
    }
}
