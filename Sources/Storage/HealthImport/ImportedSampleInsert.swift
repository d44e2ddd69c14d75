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
    /// The columns every imported sample's row fills: first those an import's rows share (owner, source, both dates
    /// of the write, job, external id), then each row's own, in the order `addImportedSample` and `addRunRow` bind them.
    static let columns = """
        (userId, source, createdAt, updatedAt, importJobId, externalId, metric, value, originalValue, originalUnit, startAt,
         endAt, utcOffsetSeconds, sourceName, deviceId, metadata, naturalKey, naturalKeyCheck, sourceVersion, sourceCreatedAt)
        """
    static let columnCount = 20

    /// `INSERT OR IGNORE` of one sample.
    static func sql() -> String {
        "INSERT OR IGNORE INTO healthRecord \(columns) VALUES (" + Array(repeating: "?", count: columnCount).joined(separator: ", ") + ")"
    }

    /// `INSERT OR IGNORE` of `rows` samples of one import in one statement. What every row of an import shares is a
    /// parameter of the statement, bound once (`addRunValues`: owner ?1, source ?2, time ?3 for both dates, job ?4; no
    /// external id); each row binds only its own `rowColumnCount` values (`addRunRow`), SQLite numbering its `?`s on
    /// from ?5. The shared ones come first in every row: a `?` takes the number after the largest one used so far, and
    /// SQLite looks each numbered one up in a list of the numbered ones — four here; numbering every parameter made
    /// that list 1,540 long and preparing the statement (again after every schema change) 2.4× slower.
    static func runSQL(rows: Int) -> String {
        let row = "(?1, ?2, ?3, ?3, ?4, NULL, " + Array(repeating: "?", count: rowColumnCount).joined(separator: ", ") + ")"
        return "INSERT OR IGNORE INTO healthRecord \(columns) VALUES " + Array(repeating: row, count: rows).joined(separator: ", ")
    }

    /// The parameters each row of `runSQL` has of its own: `columns` from `metric` on.
    static let rowColumnCount = 14

    private let statement: ImportStatement
    private let userId: Int64
    private let nowText: String
    private let rollups: HourlyRollupDeferral?
    private let devices: HealthDeviceIds

    init(_ db: Database, userId: Int64, now: Date, rollups: HourlyRollupDeferral? = nil) throws {
        statement = try ImportStatement(db, sql: Self.sql())
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
        return try withUnsafePointer(to: sample) { sample in
            try withUnsafePointer(to: text) { text in
                try insert(sample, text: text, source: source, externalId: externalId, importJobId: importJobId, slot: slot, db: db)
            }
        }
    }

    /// The same, for a sample whose text is written already (an import's top-level sample, prepared on the reading
    /// thread): read where they are, neither copied nor written again.
    func insert(
        _ sample: UnsafePointer<ImportedSample>, text: UnsafePointer<ImportedSampleText>, source: RecordSource, externalId: String?,
        importJobId: Int64?, slot: Int64, db: Database
    ) throws -> Bool {
        let deviceId = try devices.id(for: sample.pointee.device)
        let inserted = try statement.execute(db) { row in
            row.addImportedSample(
                sample, userId: userId, text: text, deviceId: deviceId, source: source, externalId: externalId,
                importJobId: importJobId, slot: slot, nowText: nowText
            )
        }
        if inserted, let rollups {
            rollups.add(
                metric: sample.pointee.metric, startText: text.pointee.startText, startMilliseconds: text.pointee.startMilliseconds,
                id: db.lastInsertedRowID, value: sample.pointee.value
            )
        }
        return inserted
    }
}

extension ImportStatement.Parameters {
    /// An imported sample's row of healthRecord, in the order of `ImportedSampleInsert.columns`.
    mutating func addImportedSample(
        _ sample: UnsafePointer<ImportedSample>, userId: Int64, text: UnsafePointer<ImportedSampleText>, deviceId: Int64?,
        source: RecordSource, externalId: String?, importJobId: Int64?, slot: Int64, nowText: String
    ) {
        add(userId)
        add(source.rawValue)
        add(nowText)
        add(nowText)
        add(importJobId)
        add(externalId)
        addRunRow(sample, text: text, deviceId: deviceId, slot: slot)
    }

    /// The values every row of a `runSQL` statement shares, bound before its rows.
    mutating func addRunValues(userId: Int64, source: RecordSource, nowText: String, importJobId: Int64) {
        add(userId)
        add(source.rawValue)
        add(nowText)
        add(importJobId)
    }

    /// A sample's own values (all but the shared ones), in the order of `ImportedSampleInsert.columns`: one row of a
    /// `runSQL` statement, or the end of a single row.
    ///
    /// Read through pointers: a sample passed by value to a `mutating` function is copied first (the function could
    /// change what it was read from), a retain and a release of every text it holds for each row. The source's version
    /// is the scanner's shared text and the creation date's text was written with the others (`ImportedSampleText`):
    /// both are only copied into their parameter's buffer here, NULL when the sample has none.
    mutating func addRunRow(_ sample: UnsafePointer<ImportedSample>, text: UnsafePointer<ImportedSampleText>, deviceId: Int64?, slot: Int64) {
        add(sample.pointee.metric)
        add(sample.pointee.value)
        add(sample.pointee.originalValue)
        add(sample.pointee.originalUnit)
        add(text.pointee.startText)
        add(text.pointee.endText)
        add(sample.pointee.utcOffsetSeconds)
        add(sample.pointee.sourceName)
        add(deviceId)
        add(text.pointee.metadataText)
        add(slot)
        add(sample.pointee.naturalKey.check)
        add(sample.pointee.sourceVersion)
        add(text.pointee.sourceCreatedText)
    }
}
