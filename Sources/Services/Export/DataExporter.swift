import Foundation
import Health
import HealthImport
import Storage

/// Everything a user owns, as one CSV file or one JSON document (R9: a user can take their data away).
public struct DataExporter: Sendable {
    public let database: AppDatabase
    /// Opens sealed secrets (webhook URLs) so the export holds what the user typed.
    public let secrets: SecretBox?

    public init(database: AppDatabase, secrets: SecretBox? = nil) {
        self.database = database
        self.secrets = secrets
    }

    /// Defined beside the import that reads the export back (`kiroku import`, the web upload), so both agree.
    public static let csvHeader = KirokuRecordsCSV.header

    /// Rows read and written per step of an export (records, correlations, raw items): an export holds one page of
    /// them, never all (a 570,000-record account held 1 GB for its CSV and 2 GB for its JSON when exports were built
    /// whole).
    public var recordsPerPage = 5_000

    /// Every row a paged read gives, a page at a time: `read` is handed the last row of the page before (nil first)
    /// and the list has ended when a page comes back short.
    private func pages<Row>(
        _ read: (_ after: Row?, _ limit: Int) async throws -> [Row], _ body: ([Row]) async throws -> Void
    ) async throws {
        var last: Row?
        while true {
            let page = try await read(last, recordsPerPage)
            if !page.isEmpty { try await body(page) }
            guard page.count == recordsPerPage, let end = page.last else { return }
            last = end
        }
    }

    /// Every record of the user, a page at a time, oldest first.
    private func recordPages(userId: Int64, _ body: ([HealthRecord]) async throws -> Void) async throws {
        try await pages({ last, limit in
            try await database.recordsOldestFirst(userId: userId, after: try last.map { PageCursor(date: $0.startAt, id: try $0.savedId) }, limit: limit)
        }, body)
    }

    /// One row per record; `start`, `end`, `created_at` and `updated_at` on the wall clock of `timeZone` for
    /// spreadsheets, the same four exactly in UTC after them (`start_utc`, …) for the import, and last the source's
    /// version and creation time (`KirokuRecordsCSV.provenanceColumns`).
    public func csv(userId: Int64, timeZone: TimeZone) async throws -> String {
        var text = ""
        try await csv(userId: userId, timeZone: timeZone, byteOrderMark: false) { text += $0 }
        return text
    }

    /// The CSV handed to `sink` in pieces, in order: the byte-order mark if asked for (`SpreadsheetCSV`), the header
    /// line, then a piece per page of records.
    public func csv(userId: Int64, timeZone: TimeZone, byteOrderMark: Bool, to sink: (String) async throws -> Void) async throws {
        let clock = SpreadsheetCSV.Clock(timeZone: timeZone)
        try await sink((byteOrderMark ? SpreadsheetCSV.byteOrderMark : "") + Self.csvHeader.joined(separator: ",") + "\r\n")
        try await recordPages(userId: userId) { records in
            var piece = ""
            for record in records {
                let metadata = record.metadata.flatMap { try? String(data: JSONEncoder.sorted.encode($0), encoding: .utf8) } ?? ""
                let fields: [String] = [
                    String(record.id ?? 0), record.metric, Self.number(record.value),
                    MetricCatalog.metric(named: record.metric)?.canonicalUnit ?? record.originalUnit,
                    Self.number(record.originalValue), record.originalUnit,
                    clock.format(record.startAt), clock.format(record.endAt),
                    record.utcOffsetSeconds.map(String.init) ?? "", record.source, record.sourceName ?? "",
                    record.device ?? "", metadata, clock.format(record.createdAt), clock.format(record.updatedAt), timeZone.identifier,
                    Instant.iso8601(record.startAt), Instant.iso8601(record.endAt), Instant.iso8601(record.createdAt),
                    Instant.iso8601(record.updatedAt), record.externalId ?? "",
                    record.sourceVersion ?? "", record.sourceCreatedAt.map(Instant.iso8601) ?? "",
                ]
                piece += fields.map(Self.csvField).joined(separator: ",")
                piece += "\r\n"
            }
            try await sink(piece)
        }
    }

    public struct Document: Encodable {
        let format = "kiroku-export"
        /// 2: workouts' and raw items' details are JSON objects and arrays (in 1 they were strings holding JSON).
        let version = 2
        let exportedAt: Date
        let account: AccountProfile
        let records: [RecordResponse]
        let tasks: [TaskResponse]
        // さわやか wait times: the user's alerts and inbox.
        let waitAlerts: [WaitAlert]
        let inbox: [InboxMessage]
        /// Workouts: every set, with the exercise's English name beside its id.
        let workouts: WorkoutExport
        /// Workouts from Apple Health imports and Health Auto Export.
        let healthWorkouts: [WorkoutResponse]
        /// The GPS routes of those workouts, point by point, by workout id.
        let healthWorkoutRoutes: [WorkoutRouteExport]
        /// Blood-pressure and food correlations from Apple Health imports, linked to their records.
        let healthCorrelations: [CorrelationResponse]
        /// Everything imports kept as written (ActivitySummary, Me, types without a metric).
        let healthRawItems: [RawItemResponse]
        /// The imports themselves: file, state, counts per type, skipped reasons.
        let imports: [ImportJobResponse]
        /// Motivation: badge awards, pauses, goals and their history, dismissed suggestions, reminders sent, settings.
        let motivation: MotivationExport
        /// API tokens, signed-in browsers, sync runs and confirmed values: the account's own traces.
        let activity: AccountActivityExport
    }

    public func json(user: User, now: Date) async throws -> Data {
        var data = Data()
        try await json(user: user, now: now) { data.append($0) }
        return data
    }

    /// The JSON document handed to `sink` in pieces, in order, byte for byte what encoding it whole gives: everything
    /// but the four arrays that grow with a person's history encoded at once (small), then those written into their
    /// places a page at a time (routes a workout at a time).
    public func json(user: User, now: Date, to sink: (Data) async throws -> Void) async throws {
        let userId = try user.savedId
        let encoder = Self.documentEncoder
        let frame = try encoder.encode(try await document(user: user, now: now, history: .none))
        var written = frame.startIndex
        /// Writes the frame up to the array `key`, then the array from `pages`. Keys sort, so the calls below go in
        /// the document's order.
        func stream<Element: Encodable>(_ key: String, pages: (_ page: ([Element]) async throws -> Void) async throws -> Void) async throws {
            let array = try StreamedArray(key: key, in: frame)
            try await sink(frame[written..<array.start])
            written = try await array.write(encoder: encoder, to: sink, pages: pages)
        }

        try await stream("healthCorrelations") { page in
            try await pages({ last, limit in
                try await database.correlationsOldestFirst(
                    userId: userId, after: try last.map { PageCursor(date: $0.correlation.startAt, id: try $0.correlation.savedId) }, limit: limit
                )
            }) { try await page(try $0.map { try CorrelationResponse($0.correlation, recordIds: $0.recordIds) }) }
        }
        try await stream("healthRawItems") { page in
            try await pages({ last, limit in
                try await database.rawItems(userId: userId, afterId: last?.id, limit: limit)
            }) { try await page($0.map(RawItemResponse.init)) }
        }
        try await stream("healthWorkoutRoutes") { page in
            for workoutId in try await database.routeWorkoutIds(userId: userId) {
                try await page(WorkoutRouteExport.grouped(try await database.routePoints(userId: userId, workoutId: workoutId)))
            }
        }
        try await stream("records") { page in
            try await recordPages(userId: userId) { records in
                try await page(try records.map { try RecordResponse($0, language: .en) })
            }
        }
        try await sink(frame[written...])
    }

    /// The parts of the document that grow with a person's history: empty in the frame the export streams them into.
    struct History {
        var correlations: [CorrelationResponse] = []
        var rawItems: [RawItemResponse] = []
        var routes: [WorkoutRouteExport] = []
        var records: [RecordResponse] = []

        static let none = History()
    }

    /// The document: `history` as given, everything else read from the database.
    private func document(user: User, now: Date, history: History) async throws -> Document {
        Document(
            exportedAt: now,
            account: AccountProfile(user),
            records: history.records,
            tasks: try await database.tasks(userId: user.savedId).map(TaskResponse.init),
            waitAlerts: try await WaitTimeService(database: database, secrets: secrets).allAlerts(userId: user.savedId),
            inbox: try await database.inbox(userId: user.savedId, limit: .max),
            workouts: try await WorkoutExport(user: user, workouts: WorkoutService(database: database)),
            healthWorkouts: try await database.workouts(userId: user.savedId).map(WorkoutResponse.init),
            healthWorkoutRoutes: history.routes,
            healthCorrelations: history.correlations,
            healthRawItems: history.rawItems,
            imports: try await database.importJobs(userId: user.savedId, limit: .max).map { try ImportJobResponse($0, language: .en) },
            motivation: try await openedMotivation(userId: user.savedId),
            activity: try await AccountActivityExport(userId: user.savedId, database: database, now: now)
        )
    }

    /// The whole document encoded at once, everything in memory: the reference the streamed export is tested against.
    func wholeJSON(user: User, now: Date) async throws -> Data {
        let userId = try user.savedId
        let history = History(
            correlations: try await database.correlations(userId: userId).map { try CorrelationResponse($0.correlation, recordIds: $0.recordIds) },
            rawItems: try await database.rawItems(userId: userId).map(RawItemResponse.init),
            routes: WorkoutRouteExport.grouped(try await database.routePoints(userId: userId)),
            records: try await database.allRecords(userId: userId).map { try RecordResponse($0, language: .en) }
        )
        return try Self.documentEncoder.encode(try await document(user: user, now: now, history: history))
    }

    /// A top-level array of the document, written empty by the encoder and filled in pages by `write`.
    struct StreamedArray {
        /// Where the array's opening starts in the document, and where what follows its closing bracket starts.
        let start: Data.Index
        let end: Data.Index
        private let opening: Data

        private static let empty = Data("\n\n  ]".utf8)

        /// The top level's keys are indented by two spaces, deeper ones by more: the key is found once.
        init(key: String, in frame: Data) throws {
            opening = Data("\n  \"\(key)\" : [".utf8)
            guard let range = frame.firstRange(of: opening + Self.empty) else { throw ExportFrameError() }
            start = range.lowerBound
            end = range.upperBound
        }

        /// Writes the array: its opening, then every page `pages` hands on, then its closing. A page encoded alone is
        /// "[\n  {…},\n  {…}\n]", its elements two spaces in; in the document they are four spaces in, after a comma
        /// and a line break when a page came before. Answers where the document goes on.
        func write<Element: Encodable>(
            encoder: JSONEncoder, to sink: (Data) async throws -> Void,
            pages: (_ page: ([Element]) async throws -> Void) async throws -> Void
        ) async throws -> Data.Index {
            try await sink(opening)
            var wrote = false
            try await withoutActuallyEscaping(sink) { sink in
                try await pages { elements in
                    guard !elements.isEmpty else { return }
                    let page = try encoder.encode(elements)
                    try await sink(DataExporter.indented(page.dropFirst(2).dropLast(2), after: wrote ? ",\n  " : "\n  "))
                    wrote = true
                }
            }
            try await sink(wrote ? Data("\n  ]".utf8) : Self.empty)
            return end
        }
    }

    /// `prefix`, then `lines` with two more spaces after every line break (JSON text has no raw line break inside a
    /// string, so every one is layout) except before another: the encoder writes an empty object or array as an empty
    /// line with no indentation at all.
    static func indented(_ lines: Data, after prefix: String) -> Data {
        var piece = Data(prefix.utf8)
        piece.reserveCapacity(lines.count + lines.count / 8 + prefix.utf8.count)
        lines.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            // memchr: a generic search byte by byte was an eighth of a large JSON export's time.
            while start < bytes.count, let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                let end = base.distance(to: UnsafeRawPointer(found)) + 1
                piece.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                if end == bytes.count || bytes[end] != UInt8(ascii: "\n") { piece.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
                start = end
            }
            piece.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start...]))
        }
        return piece
    }

    static var documentEncoder: JSONEncoder {
        let encoder = APIJSON.makeEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    /// The encoder's layout of an empty array changed, so a streamed array cannot be put in its place.
    struct ExportFrameError: Error {}

    /// The motivation tables, with the reminder webhook URL as the user typed it (sealed in the database).
    func openedMotivation(userId: Int64) async throws -> MotivationExport {
        let export = try await database.motivationExport(userId: userId)
        guard let secrets else { return export }
        return export.replacingText(table: "reminderSetting", column: "webhookURL") { secrets.open($0) }
    }

    /// RFC 4180 quoting; a leading formula character is neutralised so a spreadsheet never executes it. A text that
    /// starts with apostrophes before such a character gets one more, so that the import takes exactly one off any
    /// field (`SpreadsheetFormulaGuard`) and reads back what was written: `=x` → `'=x`, `'=x` → `''=x`.
    ///
    /// Looks at UTF-8 bytes, not characters: every byte that matters is ASCII, which never occurs inside another
    /// character's encoding, and a lone line feed is caught too (as characters, "\r\n" is one and "\n" is not it).
    /// Walking characters was a third of a large CSV export's time.
    public static func csvField(_ field: String) -> String {
        var field = field
        if let first = field.utf8.first, Self.formulaStarts.contains(first), Double(field) == nil {
            field = "'" + field
        } else if field.utf8.first == Self.apostrophe, let first = field.utf8.first(where: { $0 != Self.apostrophe }), Self.formulaStarts.contains(first) {
            field = "'" + field
        }
        guard field.utf8.contains(where: { Self.quotedBytes.contains($0) }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static let formulaStarts: [UInt8] = Array("=+-@".utf8)
    private static let apostrophe = UInt8(ascii: "'")
    private static let quotedBytes: [UInt8] = Array(",\"\r\n".utf8)

    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

extension JSONEncoder {
    public static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
