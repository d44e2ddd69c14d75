import Foundation
import GRDB
import Health

/// `INSERT OR IGNORE` of one imported sample into healthRecord at a natural-key slot: the Apple Health import
/// and Health Auto Export write the same row shape and differ only in source, external id and job.
struct ImportedSampleInsert {
    private let statement: ImportStatement
    private let userId: Int64
    private let nowText: String

    init(_ db: Database, userId: Int64, now: Date) throws {
        statement = try ImportStatement(db, sql: """
            INSERT OR IGNORE INTO healthRecord
            (userId, metric, value, originalValue, originalUnit, startAt, endAt, utcOffsetSeconds, source, sourceName,
             device, metadata, externalId, createdAt, updatedAt, naturalKey, naturalKeyCheck, importJobId)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        self.userId = userId
        nowText = DatabaseDateText.string(now)
    }

    /// Answers whether a row was written (false: the slot or the external id is taken).
    func insert(
        _ sample: ImportedSample, metadata: String?, source: RecordSource, externalId: String?, importJobId: Int64?,
        slot: Int64, db: Database
    ) throws -> Bool {
        try statement.execute(db) { row in
            row.add(userId)
            row.add(sample.metric)
            row.add(sample.value)
            row.add(sample.originalValue)
            row.add(sample.originalUnit)
            row.add(DatabaseDateText.string(sample.startAt))
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
    }
}
