import Foundation
import Health
import GRDB
import GRDBSQLite

/// A prepared statement whose parameters are bound with SQLite's C functions, for statements run once per
/// imported row.
///
/// GRDB's `StatementArguments` box every value in an existential and retain it on the way to SQLite; at
/// hundreds of thousands of rows per import that boxing was a fifth of the writing thread's time. The
/// statement itself still comes from GRDB (its cache, its connection, its transaction), and errors are
/// GRDB's `DatabaseError`.
struct ImportStatement {
    private let statement: Statement
    private let texts = TextParameterBuffers()

    init(_ db: Database, sql: String) throws {
        statement = try db.cachedStatement(sql: sql)
    }

    /// Binds the parameters in order and runs the statement; answers whether it wrote a row.
    func execute(_ db: Database, bind: (inout Parameters) -> Void) throws -> Bool {
        let handle = try step(db, bind: bind)
        done(handle)
        return sqlite3_changes(db.sqliteConnection) > 0
    }

    /// Binds the parameters in order and runs the statement; answers `read` applied to the first row, or nil
    /// when there is none.
    func first<Value>(_ db: Database, bind: (inout Parameters) -> Void, read: (Columns) -> Value) throws -> Value? {
        let handle = try step(db, bind: bind)
        defer { done(handle) }
        return sqlite3_stmt_busy(handle) != 0 ? read(Columns(handle: handle)) : nil
    }

    /// Resets, binds and takes one step; a row or the end is success, anything else GRDB's error.
    private func step(_ db: Database, bind: (inout Parameters) -> Void) throws -> SQLiteStatement {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        var parameters = Parameters(handle: handle, texts: texts)
        bind(&parameters)
        let code = sqlite3_step(handle)
        guard code == SQLITE_ROW || code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            done(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
        return handle
    }

    /// Text is bound from this statement's own buffers without a copy (SQLITE_STATIC), so no binding may
    /// outlive a call: the cached statement may be used again after these buffers are gone.
    private func done(_ handle: SQLiteStatement) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The current row's columns, by position.
    struct Columns {
        fileprivate let handle: SQLiteStatement

        func int64(_ index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }
        func double(_ index: Int32) -> Double { sqlite3_column_double(handle, index) }
    }

    /// The statement's parameters, bound one after the other; `nil` binds NULL.
    struct Parameters {
        fileprivate let handle: SQLiteStatement
        private let texts: TextParameterBuffers
        private var index: Int32 = 1

        fileprivate init(handle: SQLiteStatement, texts: TextParameterBuffers) {
            self.handle = handle
            self.texts = texts
        }

        /// SQLite copies a blob during the call (SQLITE_TRANSIENT), so the bytes may go at once.
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        mutating func add(_ value: Int64?) {
            if let value { sqlite3_bind_int64(handle, index, value) }
            index += 1
        }

        mutating func add(_ value: Int?) {
            add(value.map(Int64.init))
        }

        mutating func add(_ value: Double?) {
            if let value { sqlite3_bind_double(handle, index, value) }
            index += 1
        }

        /// The text is copied into this parameter's buffer, which stays put until the statement has run; SQLite
        /// reads it from there (SQLITE_STATIC) instead of allocating a copy of its own for every value of every row.
        mutating func add(_ value: String?) {
            if var value {
                value.withUTF8 { bytes in
                    let text = texts.holding(bytes, for: index)
                    _ = sqlite3_bind_text(handle, index, text, Int32(bytes.count), nil)
                }
            }
            index += 1
        }

        /// Binds a blob (copied by SQLite, like text); an empty one stays an empty blob, not NULL.
        mutating func add(_ value: Data?) {
            if let value {
                value.withUnsafeBytes { bytes in
                    _ = sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), Self.transient)
                }
            }
            index += 1
        }
    }
}

extension ImportStatement.Parameters {
    /// A raw item's row of `healthRawItem`, in the column order both writers (the export importer and Health Auto
    /// Export) prepare their INSERT with.
    mutating func addRawItem(_ raw: ImportedRawItem, userId: Int64, slot: Int64, createdAt: String) {
        add(userId)
        add(raw.element)
        add(raw.type)
        add(raw.value)
        add(raw.unit)
        add(raw.startAt.map(DatabaseDateText.string))
        add(raw.endAt.map(DatabaseDateText.string))
        add(raw.utcOffsetSeconds)
        add(raw.sourceName)
        add(ImportJSON.object(raw.attributes))
        add(ImportJSON.object(raw.metadata))
        add(slot)
        add(raw.naturalKey.check)
        add(createdAt)
    }
}

/// One growable byte buffer per statement parameter, for text bound without SQLite's copy. A parameter's buffer is
/// replaced only while that parameter is being bound again, so every bound pointer stays valid until the step.
final class TextParameterBuffers {
    private var buffers: [UnsafeMutableRawBufferPointer] = []

    deinit {
        for buffer in buffers { buffer.deallocate() }
    }

    /// `bytes` copied into the buffer of parameter `index`; never a null pointer (that would bind NULL, and an empty
    /// string must stay an empty string).
    func holding(_ bytes: UnsafeBufferPointer<UInt8>, for index: Int32) -> UnsafePointer<CChar> {
        let slot = Int(index) - 1
        while buffers.count <= slot {
            buffers.append(.allocate(byteCount: 64, alignment: 1))
        }
        if buffers[slot].count < bytes.count {
            let capacity = Swift.max(bytes.count, 2 * buffers[slot].count)
            buffers[slot].deallocate()
            buffers[slot] = .allocate(byteCount: capacity, alignment: 1)
        }
        let buffer = buffers[slot]
        if let source = bytes.baseAddress {
            buffer.baseAddress!.copyMemory(from: source, byteCount: bytes.count)
        }
        return UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: CChar.self))
    }
}
