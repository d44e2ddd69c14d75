import Foundation
import GRDB
import Health

/// `INSERT OR IGNORE` of one imported sample into healthRecord at a natural-key slot: the Apple Health import
/// and Health Auto Export write the same row shape and differ only in source, external id and job.
///
/// Given a rollup deferral, each row written is added to it for the hourly rollups (the insert trigger skips
/// the deferred owner); without one, the trigger keeps them as for any other insert.
struct ImportedSampleInsert {
    private let statement: ImportStatement
    private let userId: Int64
    private let nowText: String
    private let rollups: HourlyRollupDeferral?

    init(_ db: Database, userId: Int64, now: Date, rollups: HourlyRollupDeferral? = nil) throws {
        statement = try ImportStatement(db, sql: """
            INSERT OR IGNORE INTO healthRecord
            (userId, metric, value, originalValue, originalUnit, startAt, endAt, utcOffsetSeconds, source, sourceName,
             device, metadata, externalId, createdAt, updatedAt, naturalKey, naturalKeyCheck, importJobId)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        self.userId = userId
        nowText = DatabaseDateText.string(now)
        self.rollups = rollups
    }

    /// Answers whether a row was written (false: the slot or the external id is taken).
    func insert(
        _ sample: ImportedSample, metadata: String?, source: RecordSource, externalId: String?, importJobId: Int64?,
        slot: Int64, db: Database
    ) throws -> Bool {
        let startText = DatabaseDateText.string(sample.startAt)
        let inserted = try statement.execute(db) { row in
            row.add(userId)
            row.add(sample.metric)
            row.add(sample.value)
            row.add(sample.originalValue)
            row.add(sample.originalUnit)
            row.add(startText)
            row.add(DatabaseDateText.string(sample.endAt))
            row.add(sample.utcOffsetSeconds)
            row.add(source.rawValue)
            row.add(sample.sourceName)
            row.add(sample.device)
            row.add(metadata)
            row.add(externalId)
            row.add(nowText)
            row.add(nowText)
            row.add(slot)
            row.add(sample.naturalKey.check)
            row.add(importJobId)
        }
        if inserted, let rollups {
            rollups.add(metric: sample.metric, startText: startText, id: db.lastInsertedRowID, value: sample.value)
        }
        return inserted
    }
}
