import GRDB

/// A bulk writer's share of `healthRecordHourly`: while it runs, the insert trigger leaves the owner's new
/// records alone, and the writer adds them to their hours itself, one upsert per hour instead of one per record.
///
/// Used through `around(_:userId:suspending:_:)`, which takes the trigger off the owner's records, runs the body,
/// merges what the body recorded and puts the trigger back, all inside the caller's transaction. A body that
/// throws leaves the transaction to be rolled back, suspension included, so it can never outlive it.
final class HourlyRollupDeferral {
    /// How the insert trigger is kept off the owner's new records while the body runs.
    enum Suspension {
        /// The owner is registered in `healthRecordRollupDeferral`, which the trigger's `WHEN` reads: no schema
        /// change, but the trigger's sub-program still starts for every record (about 2 µs each, measured in C on
        /// this schema). For small, frequent writes: a gateway batch, an API call.
        case registeredOwner
        /// The trigger is dropped for the transaction and created again from its own stored SQL before the
        /// transaction commits, so other connections never see it missing. Costs a schema change per transaction
        /// (every connection re-reads the schema once); for bulk writers that insert thousands of records per
        /// transaction and write nothing else to `healthRecord` in it: an export's import batches, a records-API call
        /// of thousands.
        case droppedTrigger
    }

    /// The suspension for a writer about to insert `count` records of one owner in its transaction. Measured on this
    /// schema (SQLite 3.40): the trigger costs about 2.1 µs per record, and a connection's first statement after a
    /// schema change 0.6 ms (it re-reads 131 schema objects); at 2,000 records the saving passes the re-read of the
    /// writer and a full pool of five readers.
    static func suspension(forRecords count: Int) -> Suspension {
        count >= 2_000 ? .droppedTrigger : .registeredOwner
    }

    private static let insertTrigger = "healthRecord_rollupInsert"
    private struct Hour: Hashable {
        let metric: String
        /// Hours since 1970, as the stored start's first 13 characters name them.
        let hour: Int64
    }

    /// What this transaction added to one hour; merged with the stored hour exactly as the trigger would.
    private struct Part {
        var count = 0
        var sum = 0.0
        var min = Double.infinity
        var max = -Double.infinity
        var latestStart = ""
        var latestMilliseconds = Int64.min
        var latestId: Int64 = 0
        var latestValue = 0.0

        mutating func add(startText: String, startMilliseconds: Int64, id: Int64, value: Double) {
            count += 1
            sum += value
            min = Swift.min(min, value)
            max = Swift.max(max, value)
            // Stored starts order as their milliseconds do, so (start, id) orders as the trigger's text key does.
            if (startMilliseconds, id) > (latestMilliseconds, latestId) {
                latestStart = startText
                latestMilliseconds = startMilliseconds
                latestId = id
                latestValue = value
            }
        }

        /// Another part of the same hour, as if its records had been added here.
        mutating func add(_ other: Part) {
            count += other.count
            sum += other.sum
            min = Swift.min(min, other.min)
            max = Swift.max(max, other.max)
            if (other.latestMilliseconds, other.latestId) > (latestMilliseconds, latestId) {
                latestStart = other.latestStart
                latestMilliseconds = other.latestMilliseconds
                latestId = other.latestId
                latestValue = other.latestValue
            }
        }
    }

    private let userId: Int64
    /// Whose records the trigger leaves to this deferral.
    var owner: Int64 { userId }
    private var parts: [Hour: Part] = [:]
    /// Per metric, the hour its records are being added to, kept out of `parts` until a record of another hour comes:
    /// an import's records come in time order per type, one type or a few taking turns, and comparing with the open
    /// hours skips hashing the metric for every record.
    private var openHours = RecentKeys<String, (hour: Int64, part: Part)>()

    /// `records`: how many the writer is about to add; room for their hours is made once instead of step by step
    /// (an import batch of 10,000 samples spans more than a thousand hours of its metrics).
    private init(userId: Int64, records: Int) {
        self.userId = userId
        if records > 0 { parts.reserveCapacity(records / 4) }
    }

    /// `records`: how many records the body is about to insert, when known.
    static func around<Result>(
        _ db: Database, userId: Int64, suspending suspension: Suspension = .registeredOwner, records: Int = 0,
        _ body: (HourlyRollupDeferral) throws -> Result
    ) throws -> Result {
        let restore = try suspend(db, userId: userId, suspension)
        let deferral = HourlyRollupDeferral(userId: userId, records: records)
        let result = try body(deferral)
        try deferral.merge(db)
        try restore()
        return result
    }

    /// Takes the trigger off the owner's records; answers how to put it back.
    private static func suspend(_ db: Database, userId: Int64, _ suspension: Suspension) throws -> () throws -> Void {
        switch suspension {
        case .registeredOwner:
            // Cached statements: every gateway batch runs these, and preparing them again each time showed in profiles.
            try db.cachedStatement(sql: "INSERT INTO healthRecordRollupDeferral (userId) VALUES (?)").execute(arguments: [userId])
            return {
                try db.cachedStatement(sql: "DELETE FROM healthRecordRollupDeferral WHERE userId = ?").execute(arguments: [userId])
            }
        case .droppedTrigger:
            // Its own text, read back: whatever migration last defined the trigger is what comes back, word for word.
            guard let definition = try String.fetchOne(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [insertTrigger]
            ) else {
                throw DatabaseError(resultCode: .SQLITE_INTERNAL, message: "trigger \(insertTrigger) is missing")
            }
            try db.execute(sql: "DROP TRIGGER \(insertTrigger)")
            return { try db.execute(sql: definition) }
        }
    }

    /// A record the body inserted for the deferred owner: `startText` is its stored `startAt` and `startMilliseconds`
    /// the same start as `DatabaseDateText.milliseconds`, `id` its row id.
    func add(metric: String, startText: String, startMilliseconds: Int64, id: Int64, value: Double) {
        // Changed in place: one look-up of the hour per record, not a read and a write (an import adds hundreds of
        // thousands). The hour is a number: cutting and hashing the text's first 13 characters showed in profiles.
        let (quotient, remainder) = startMilliseconds.quotientAndRemainder(dividingBy: 3_600_000)
        let hour = remainder < 0 ? quotient - 1 : quotient
        let index = openHours.index(of: metric, addingIfAbsent: (hour, Part())) { putAway(metric: $0.key, $0.value) }
        if openHours[index].hour != hour {
            putAway(metric: metric, openHours[index])
            openHours[index] = (hour, Part())
        }
        openHours[index].part.add(startText: startText, startMilliseconds: startMilliseconds, id: id, value: value)
    }

    private func putAway(metric: String, _ open: (hour: Int64, part: Part)) {
        parts[Hour(metric: metric, hour: open.hour), default: Part()].add(open.part)
    }

    private func merge(_ db: Database) throws {
        for open in openHours.removeAll() { putAway(metric: open.key, open.value) }
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
                // Every start of the hour shares its first 13 characters.
                row.add(String(part.latestStart.prefix(13)))
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
