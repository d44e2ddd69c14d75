import Foundation
import GRDB
import Health

/// `INSERT OR IGNORE` of one imported sample into healthRecord at a natural-key slot: the Apple Health import
/// and Health Auto Export write the same row shape and differ only in source, external id and job.
///
/// Given a rollup deferral, each row written is added to it for the hourly rollups (the insert trigger skips
/// the deferred owner); without one, the trigger keeps them as for any other insert. A sample's device description
/// is stored once per owner (`HealthDeviceIds`); the row keeps its id. Made inside the transaction it writes in.
struct ImportedSampleInsert {
    /// The columns every imported sample's row fills, in the order `addImportedSample` binds them.
    static let columns = """
        (userId, metric, value, originalValue, originalUnit, startAt, endAt, utcOffsetSeconds, source, sourceName,
         deviceId, metadata, externalId, createdAt, updatedAt, naturalKey, naturalKeyCheck, importJobId)
        """
    static let columnCount = 18

    /// `INSERT OR IGNORE` of `rows` samples in one statement.
    static func sql(rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columnCount).joined(separator: ", ") + ")"
        return "INSERT OR IGNORE INTO healthRecord \(columns) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    private let statement: ImportStatement
    private let userId: Int64
    private let nowText: String
    private let rollups: HourlyRollupDeferral?
    private let devices: HealthDeviceIds

    init(_ db: Database, userId: Int64, now: Date, rollups: HourlyRollupDeferral? = nil) throws {
        statement = try ImportStatement(db, sql: Self.sql(rows: 1))
        devices = try HealthDeviceIds(db, userId: userId)
        self.userId = userId
        nowText = DatabaseDateText.string(now)
        self.rollups = rollups
    }

    /// Answers whether a row was written (false: the slot or the external id is taken).
    func insert(
        _ sample: ImportedSample, metadata: String?, source: RecordSource, externalId: String?, importJobId: Int64?,
        slot: Int64, db: Database
    ) throws -> Bool {
        let text = ImportedSampleText(sample, metadataText: metadata)
        let deviceId = try devices.id(for: sample.device)
        let inserted = try statement.execute(db) { row in
            row.addImportedSample(
                sample, userId: userId, text: text, deviceId: deviceId, source: source, externalId: externalId,
                importJobId: importJobId, slot: slot, nowText: nowText
            )
        }
        if inserted, let rollups {
            rollups.add(
                metric: sample.metric, startText: text.startText, startMilliseconds: text.startMilliseconds,
                id: db.lastInsertedRowID, value: sample.value
            )
        }
        return inserted
    }
}

extension ImportStatement.Parameters {
    /// An imported sample's row of healthRecord, in the order of `ImportedSampleInsert.columns`.
    mutating func addImportedSample(
        _ sample: ImportedSample, userId: Int64, text: ImportedSampleText, deviceId: Int64?, source: RecordSource,
        externalId: String?, importJobId: Int64?, slot: Int64, nowText: String
    ) {
        add(userId)
        add(sample.metric)
        add(sample.value)
        add(sample.originalValue)
        add(sample.originalUnit)
        add(text.startText)
        add(text.endText)
        add(sample.utcOffsetSeconds)
        add(source.rawValue)
        add(sample.sourceName)
        add(deviceId)
        add(text.metadataText)
        add(externalId)
        add(nowText)
        add(nowText)
        add(slot)
        add(sample.naturalKey.check)
        add(importJobId)
    }
}
