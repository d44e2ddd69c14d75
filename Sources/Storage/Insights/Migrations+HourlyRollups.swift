import GRDB

extension Migrations {
    /// Per owner, metric and UTC hour: how many records, their sum, min, max and the latest one. Trend pages and
    /// insights read these instead of the records, so a year of minute-level heart rate is 8,760 rows, not 525,600.
    /// Triggers keep them in the same transaction as every write to `healthRecord`, whichever path writes it
    /// (the form, the API, the gateway, imports, sync pruning), so they can never disagree with the records.
    ///
    /// The hour is the first 13 characters of the stored UTC start ("2026-01-31 07"); any whole-hour time zone's
    /// day is a run of these. The latest record rides in a sortable key (start, then id, then the exact value).
    static func hourlyRollups(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE healthRecordHourly (
                userId INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
                metric TEXT NOT NULL,
                hour TEXT NOT NULL,
                count INTEGER NOT NULL,
                sum DOUBLE NOT NULL,
                min DOUBLE NOT NULL,
                max DOUBLE NOT NULL,
                latestKey TEXT NOT NULL,
                PRIMARY KEY (userId, metric, hour)
            ) WITHOUT ROWID
            """)
        try db.execute(sql: """
            INSERT INTO healthRecordHourly (userId, metric, hour, count, sum, min, max, latestKey)
            SELECT userId, metric, substr(startAt, 1, 13), count(*), sum(value), min(value), max(value), max(\(latestKey("")))
            FROM healthRecord GROUP BY userId, metric, substr(startAt, 1, 13)
            """)
        try db.execute(sql: "CREATE TRIGGER healthRecord_rollupInsert AFTER INSERT ON healthRecord BEGIN \(add("NEW.")) END")
        try db.execute(sql: "CREATE TRIGGER healthRecord_rollupDelete AFTER DELETE ON healthRecord BEGIN \(remove("OLD.")) END")
        try db.execute(sql: """
            CREATE TRIGGER healthRecord_rollupUpdate AFTER UPDATE OF userId, metric, value, startAt ON healthRecord
            BEGIN \(remove("OLD.")) \(add("NEW.")) END
            """)
    }

    /// The sortable key of a record's "latest" standing: start, id (among equal starts the one stored last), value.
    static func latestKey(_ row: String) -> String {
        "\(row)startAt || printf('%020d', \(row)id) || '|' || printf('%!.17g', \(row)value)"
    }

    private static func bucket(_ row: String) -> String {
        "userId = \(row)userId AND metric = \(row)metric AND hour = substr(\(row)startAt, 1, 13)"
    }

    static func add(_ row: String) -> String {
        """
        INSERT INTO healthRecordHourly (userId, metric, hour, count, sum, min, max, latestKey)
        VALUES (\(row)userId, \(row)metric, substr(\(row)startAt, 1, 13), 1, \(row)value, \(row)value, \(row)value, \(latestKey(row)))
        \(mergeIntoHour);
        """
    }

    /// How a new part joins an hour that already has records: counts and sums add, extremes and latest widen.
    /// Shared by the triggers and `HourlyRollupDeferral`; `v5-hourly-rollups` first wrote `count + 1`, which is
    /// what `count + excluded.count` is for the trigger's one-record part, so databases migrated either way agree.
    static let mergeIntoHour = """
        ON CONFLICT (userId, metric, hour) DO UPDATE SET
            count = count + excluded.count, sum = sum + excluded.sum, min = min(min, excluded.min), max = max(max, excluded.max),
            latestKey = max(latestKey, excluded.latestKey)
        """

    /// Takes a record out of its hour: the count and sum by arithmetic; min, max and latest read again from the
    /// hour's records only when the removed one was one of them. An hour with nothing left goes. A bucket already
    /// gone (account deletion removes them first) makes all of this a no-op.
    private static func remove(_ row: String) -> String {
        let hour = "substr(\(row)startAt, 1, 13)"
        return """
        UPDATE healthRecordHourly SET count = count - 1, sum = sum - \(row)value WHERE \(bucket(row));
        UPDATE healthRecordHourly SET (min, max, latestKey) = (
            SELECT min(value), max(value), max(\(latestKey(""))) FROM healthRecord
            WHERE userId = \(row)userId AND metric = \(row)metric AND startAt >= \(hour) AND startAt < \(hour) || ';'
        )
        WHERE \(bucket(row)) AND count > 0 AND (\(row)value <= min OR \(row)value >= max OR latestKey = \(latestKey(row)));
        DELETE FROM healthRecordHourly WHERE \(bucket(row)) AND count <= 0;
        """
    }
}
