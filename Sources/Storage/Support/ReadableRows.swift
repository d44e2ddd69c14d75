import Foundation
import GRDB
import Logging

/// A record whose columns must mean more than their SQL type says (a `day` that is a real date, an id that is a
/// UUID). Reads check it as they decode, so a row that would break the domain later is skipped at the door.
public protocol CheckedRecord {
    func check() throws(StoredRowError)
}

extension FetchRequest where RowDecoder: FetchableRecord {
    /// Every row that can be read. A row that cannot (a date GRDB cannot parse, a NULL where a value belongs) is
    /// left out and logged with its table and id, so one bad row never takes a page or an API answer down.
    func fetchReadable(_ db: Database) throws -> [RowDecoder] {
        try ReadableRows.fetch(self, db) { _ in }
    }

    /// The first row that can be read, looking past unreadable ones (each logged) — `fetchOne` that survives them.
    func fetchFirstReadable(_ db: Database) throws -> RowDecoder? {
        try ReadableRows.first(self, db) { _ in }
    }
}

extension FetchRequest where RowDecoder: FetchableRecord & CheckedRecord {
    func fetchReadable(_ db: Database) throws -> [RowDecoder] {
        try ReadableRows.fetch(self, db) { try $0.check() }
    }

    func fetchFirstReadable(_ db: Database) throws -> RowDecoder? {
        try ReadableRows.first(self, db) { try $0.check() }
    }
}

/// Decoding that fails soft, one row at a time.
enum ReadableRows {
    static let logger = Logger(label: "kiroku.storage")

    static func fetch<Request: FetchRequest>(
        _ request: Request, _ db: Database, check: (Request.RowDecoder) throws -> Void
    ) throws -> [Request.RowDecoder] where Request.RowDecoder: FetchableRecord {
        let rows = try Row.fetchCursor(db, request)
        var records: [Request.RowDecoder] = []
        while let row = try rows.next() {
            if let record = decode(row, check: check) { records.append(record) }
        }
        return records
    }

    static func first<Request: FetchRequest>(
        _ request: Request, _ db: Database, check: (Request.RowDecoder) throws -> Void
    ) throws -> Request.RowDecoder? where Request.RowDecoder: FetchableRecord {
        let rows = try Row.fetchCursor(db, request)
        while let row = try rows.next() {
            if let record = decode(row, check: check) { return record }
        }
        return nil
    }

    /// The record of `row`, or nil (logged) when it cannot be decoded or fails its check.
    static func decode<Record: FetchableRecord>(_ row: Row, check: (Record) throws -> Void) -> Record? {
        do {
            let record = try Record(row: row)
            try check(record)
            return record
        } catch {
            report(error, row: row, table: (Record.self as? any TableRecord.Type)?.databaseTableName ?? String(describing: Record.self))
            return nil
        }
    }

    /// Logs a skipped row by table, id and the kind of failure. Never the row's values: they are personal data.
    static func report(_ error: any Error, row: Row, table: String) {
        report(error, table: table, id: row["id"].map { "\($0)" })
    }

    static func report(_ error: any Error, table: String, id: String?) {
        var metadata: Logger.Metadata = ["table": "\(table)", "error": "\(type(of: error))"]
        if let id { metadata["id"] = "\(id)" }
        if let error = error as? StoredRowError { metadata["column"] = "\(error.column)" }
        if case let .dataCorrupted(context)? = error as? DecodingError, let column = context.codingPath.first {
            metadata["column"] = "\(column.stringValue)"
        }
        logger.warning("unreadable row skipped", metadata: metadata)
    }
}

extension Date {
    /// The dates of a one-column request; values that are not dates (NULL, unreadable text) are left out.
    static func fetchReadable(_ db: Database, _ request: some FetchRequest) throws -> [Date] {
        try DatabaseValue.fetchAll(db, request).compactMap(Date.fromDatabaseValue)
    }
}

extension TableRecord where Self: Identifiable, ID == Int64? {
    /// The id of a record that was read from or written to the database. Throws, naming the table, for one that
    /// never was — a mistake in the code, reported instead of crashing on `id!`.
    public var savedId: Int64 {
        get throws(StoredRowError) {
            guard let id else { throw StoredRowError(table: Self.databaseTableName, column: "id", id: nil) }
            return id
        }
    }
}
