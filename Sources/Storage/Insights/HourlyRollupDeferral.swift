import GRDB

/// A bulk writer's share of `healthRecordHourly`: while it runs, the insert trigger leaves the owner's new
/// records alone, and the writer adds them to their hours itself, one upsert per hour instead of one per record.
///
/// Used through `around(_:userId:_:)`, which registers the owner in `healthRecordRollupDeferral`, runs the body,
/// merges what the body recorded and removes the registration, all inside the caller's transaction. A body that
/// throws leaves the transaction to be rolled back, registration included, so the flag can never outlive it.
final class HourlyRollupDeferral {
    private struct Hour: Hashable {
        let metric: String
        let hour: Substring
    }

    /// What this transaction added to one hour; merged with the stored hour exactly as the trigger would.
    private struct Part {
        var count = 0
        var sum = 0.0
        var min = Double.infinity
        var max = -Double.infinity
        var latestStart = ""
        var latestId: Int64 = 0
        var latestValue = 0.0

        mutating func add(startText: String, id: Int64, value: Double) {
            count += 1
            sum += value
            min = Swift.min(min, value)
            max = Swift.max(max, value)
            // The stored times share one fixed-width format, so (start, id) orders as the trigger's text key does.
            if (startText, id) > (latestStart, latestId) {
                latestStart = startText
                latestId = id
                latestValue = value
            }
        }
    }

    private let userId: Int64
    /// Whose records the trigger leaves to this deferral.
    var owner: Int64 { userId }
    private var parts: [Hour: Part] = [:]

    private init(userId: Int64) {
        self.userId = userId
    }

    static func around<Result>(_ db: Database, userId: Int64, _ body: (HourlyRollupDeferral) throws -> Result) throws -> Result {
        // Cached statements: every gateway batch runs these, and preparing them again each time showed in profiles.
        try db.cachedStatement(sql: "INSERT INTO healthRecordRollupDeferral (userId) VALUES (?)").execute(arguments: [userId])
        let deferral = HourlyRollupDeferral(userId: userId)
        let result = try body(deferral)
        try deferral.merge(db)
        try db.cachedStatement(sql: "DELETE FROM healthRecordRollupDeferral WHERE userId = ?").execute(arguments: [userId])
        return result
    }

    /// A record the body inserted for the deferred owner: `startText` is its stored `startAt`, `id` its row id.
    func add(metric: String, startText: String, id: Int64, value: Double) {
        // Changed in place: one look-up of the hour per record, not a read and a write (an import adds hundreds of
        // thousands).
        parts[Hour(metric: metric, hour: startText.prefix(13)), default: Part()].add(startText: startText, id: id, value: value)
    }

    private func merge(_ db: Database) throws {
        guard !parts.isEmpty else { return }
        // The latest key is built by the trigger's own expression, so both writers produce the same text.
        let statement = try ImportStatement(db, sql: """
            INSERT INTO healthRecordHourly (userId, metric, hour, count, sum, min, max, latestKey)
            SELECT userId, metric, hour, count, sum, min, max, \(Migrations.latestKey(""))
            FROM (SELECT ? AS userId, ? AS metric, ? AS hour, ? AS count, ? AS sum, ? AS min, ? AS max,
                         ? AS startAt, ? AS id, ? AS value)
            WHERE true
            \(Migrations.mergeIntoHour)
            """)
        for (hour, part) in parts {
            _ = try statement.execute(db) { row in
                row.add(userId)
                row.add(hour.metric)
                row.add(String(hour.hour))
                row.add(part.count)
                row.add(part.sum)
                row.add(part.min)
                row.add(part.max)
                row.add(part.latestStart)
                row.add(part.latestId)
                row.add(part.latestValue)
            }
        }
        parts.removeAll()
    }
}
