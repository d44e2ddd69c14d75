import Foundation
import Health

/// One data row of Kiroku's records export as the record it was, or what is wrong with it (each message names the
/// column and repeats the value, so the row can be found and fixed).
struct KirokuRecordsRowReader {
    let window: InstantWindow
    let now: Date
    private let decoder = JSONDecoder()
    private let zones = TimeZones()

    init(window: InstantWindow, now: Date) {
        self.window = window
        self.now = now
    }

    /// Every row of an export names the same zone: it is looked up once, not up to four times a row.
    private final class TimeZones {
        private var last: (identifier: String, zone: TimeZone?)?

        func zone(_ identifier: String) -> TimeZone? {
            if let last, last.identifier == identifier { return last.zone }
            let zone = TimeZone(identifier: identifier)
            last = (identifier, zone)
            return zone
        }
    }

    /// Seconds east of UTC no place on Earth has gone beyond (UTC−12 … UTC+14), with room to spare.
    static let offsetRange = -64_800...64_800

    func record(_ fields: [String], columns: KirokuRecordsCSV.Columns) throws(CSVRowProblem) -> RestoredRecord {
        guard fields.count == columns.count else {
            throw CSVRowProblem(ja: "列の数が \(fields.count) です（見出しは \(columns.count) 列）。", en: "\(fields.count) columns (the header has \(columns.count)).")
        }
        let row = Row(fields: fields.map(SpreadsheetFormulaGuard.unguarded), columns: columns)
        let metricName = row["metric"]
        guard let metric = MetricCatalog.metric(named: metricName) else { throw CSVRowProblem(HealthError.unknownMetric(metricName).message) }
        let value = try canonical(try number(row, "value"), unit: row["unit"], metric: metric)
        guard value >= 0 || metric.plausibleRange.lowerBound < 0 else {
            throw CSVRowProblem(
                ja: "value: \(metric.name.ja)は負の値になりません（\(row["value"])）。",
                en: "value: \(metric.name.en) cannot be negative (\(row["value"]))."
            )
        }
        let offset = try utcOffset(row)
        let zone = ZoneColumn(text: row["time_zone"], named: zones.zone(row["time_zone"]))
        guard let start = try instant("start", row, zone: zone, preferredOffset: offset, notBefore: nil) else {
            throw CSVRowProblem(ja: "start（開始日時）が空です。", en: "start is empty.")
        }
        let end = try instant("end", row, zone: zone, preferredOffset: offset, notBefore: start) ?? start
        do throws(DateInputError) {
            try window.check(start, field: "start")
            try window.check(end, field: "end")
        } catch {
            throw CSVRowProblem(error.message)
        }
        guard end >= start else {
            throw CSVRowProblem(ja: "end（\(row["end"])）が start（\(row["start"])）より前です。", en: "end (\(row["end"])) is before start (\(row["start"])).")
        }
        guard let source = RecordSource(rawValue: row["source"]) else {
            let known = RecordSource.allCases.map(\.rawValue).joined(separator: ", ")
            throw CSVRowProblem(
                ja: "source「\(row["source"])」は記録の出どころではありません（\(known) のいずれか）。",
                en: "source “\(row["source"])” is not a record source (one of \(known))."
            )
        }
        let createdAt = try instant("created_at", row, zone: zone, preferredOffset: nil, notBefore: nil) ?? now
        var record = RestoredRecord(
            metric: metric.id, value: value,
            originalValue: row["original_value"].isEmpty ? value : try number(row, "original_value"),
            originalUnit: row["original_unit"].isEmpty ? metric.canonicalUnit : row["original_unit"],
            startAt: start, endAt: end, utcOffsetSeconds: offset, source: source,
            sourceName: row.optional("source_name"), device: row.optional("device"), metadata: try metadata(row),
            clientId: row.optional("client_id"), createdAt: createdAt,
            updatedAt: try instant("updated_at", row, zone: zone, preferredOffset: nil, notBefore: createdAt) ?? createdAt,
            naturalKey: NaturalKey(),
            sourceVersion: row.optional("source_version"),
            sourceCreatedAt: try row.optional("source_created_at_utc").map { text throws(CSVRowProblem) in
                try Self.utc(text, column: "source_created_at_utc")
            }
        )
        record.naturalKey = Self.key(of: record, copy: nil)
        return record
    }

    /// The key the record was stored under where it came from: `NaturalKey.sample` as every path computes it, with
    /// the category value an Apple Health import adds for sleep stages and mindful sessions (`HealthKitMapper`: kept
    /// in the metadata as `HKCategoryValue` when there is one, empty otherwise; their duration is in seconds); a later
    /// copy of an identical record is numbered (`CopyCounter`).
    static func key(of record: RestoredRecord, copy: Int?) -> NaturalKey {
        let fromCategory = record.source == .import && record.originalUnit == "s"
            && MetricCatalog.metric(named: record.metric)?.healthKitIdentifier.hasPrefix("HKCategoryTypeIdentifier") == true
        let detail = fromCategory ? record.metadata?["HKCategoryValue"] ?? "" : nil
        guard let copy else {
            return NaturalKey.sample(
                metric: record.metric, sourceName: record.sourceName, start: record.startAt, end: record.endAt, value: record.value, detail: detail
            )
        }
        return NaturalKey.sample(
            metric: record.metric, sourceName: record.sourceName, start: record.startAt, end: record.endAt, value: record.value, detail: detail,
            copy: copy
        )
    }

    // MARK: - Columns

    /// The row's fields by column name; a column the file does not have reads as empty.
    private struct Row {
        let fields: [String]
        let columns: KirokuRecordsCSV.Columns

        subscript(_ column: String) -> String {
            columns.value(column, in: fields) ?? ""
        }

        /// Empty is absent: the export writes nil as an empty field.
        func optional(_ column: String) -> String? {
            let text = self[column]
            return text.isEmpty ? nil : text
        }
    }

    /// The `time_zone` column, read the first time a wall-clock time needs it.
    private struct ZoneColumn {
        let text: String
        /// Nil when `text` names no zone.
        let named: TimeZone?

        func zone() throws(CSVRowProblem) -> TimeZone {
            guard let zone = named else {
                throw CSVRowProblem(
                    ja: "time_zone「\(text)」はタイムゾーンではありません（例: Asia/Tokyo）。",
                    en: "time_zone “\(text)” is not a time zone (such as Asia/Tokyo)."
                )
            }
            return zone
        }
    }

    private func number(_ row: Row, _ column: String) throws(CSVRowProblem) -> Double {
        guard let number = Double(row[column]), number.isFinite else {
            throw CSVRowProblem(ja: "\(column): 値「\(row[column])」は数値ではありません。", en: "\(column): the value “\(row[column])” is not a number.")
        }
        return number
    }

    /// The value in the metric's canonical unit: as written when `unit` is that unit (as the export writes it),
    /// converted when someone changed it.
    private func canonical(_ value: Double, unit: String, metric: Metric) throws(CSVRowProblem) -> Double {
        guard !unit.isEmpty, unit != metric.canonicalUnit else { return value }
        do throws(HealthError) {
            return try metric.canonicalValue(value, unit: unit)
        } catch {
            throw CSVRowProblem(error.message)
        }
    }

    private func utcOffset(_ row: Row) throws(CSVRowProblem) -> Int? {
        guard let text = row.optional("utc_offset_seconds") else { return nil }
        guard let offset = Int(text), Self.offsetRange.contains(offset) else {
            throw CSVRowProblem(
                ja: "utc_offset_seconds「\(text)」は UTC との差（秒、-64800〜64800）ではありません。",
                en: "utc_offset_seconds “\(text)” is not an offset from UTC in seconds (-64800 to 64800)."
            )
        }
        return offset
    }

    private func metadata(_ row: Row) throws(CSVRowProblem) -> [String: String]? {
        guard let text = row.optional("metadata") else { return nil }
        guard let metadata = try? decoder.decode([String: String].self, from: Data(text.utf8)) else {
            throw CSVRowProblem(
                ja: "metadata は文字列だけの JSON オブジェクトにしてください（「\(Self.shortened(text))」）。",
                en: "metadata must be a JSON object of strings (“\(Self.shortened(text))”)."
            )
        }
        return metadata
    }

    /// The instant in `column`: from `<column>_utc` when the row has one, checked against the wall-clock `column`;
    /// else from the wall clock on `time_zone`. Nil when both are empty.
    private func instant(
        _ column: String, _ row: Row, zone: ZoneColumn, preferredOffset: Int?, notBefore: Date?
    ) throws(CSVRowProblem) -> Date? {
        let utcColumn = column + "_utc"
        var wallClock: WallClockTime?
        if let text = row.optional(column) { wallClock = try Self.wallClock(text, column: column) }
        guard let text = row.optional(utcColumn) else {
            guard let wallClock else { return nil }
            return ZonedWallClock.instant(of: wallClock, in: try zone.zone(), preferredOffset: preferredOffset, notBefore: notBefore)
        }
        let instant = try Self.utc(text, column: utcColumn)
        if let wallClock, !Self.second(of: WallClockTime(instant, in: try zone.zone()), isTheSecondOf: wallClock) {
            throw CSVRowProblem(
                ja: "\(column)「\(row[column])」と \(utcColumn)「\(text)」が \(zone.text) の時刻として一致しません。どちらかを直すか、\(utcColumn) を空にしてください。",
                en: "\(column) “\(row[column])” and \(utcColumn) “\(text)” are not the same time in \(zone.text): correct one of them, or empty \(utcColumn)."
            )
        }
        return instant
    }

    private static func wallClock(_ text: String, column: String) throws(CSVRowProblem) -> WallClockTime {
        do throws(DateInputError) {
            return try WallClockTime.parse(text)
        } catch {
            throw CSVRowProblem(error.named(column).message)
        }
    }

    private static func utc(_ text: String, column: String) throws(CSVRowProblem) -> Date {
        do throws(DateInputError) {
            return try Instant.parse(text).date
        } catch {
            throw CSVRowProblem(error.named(column).message)
        }
    }

    /// The export writes wall-clock times to the second (a formatter drops the milliseconds).
    private static func second(of exact: WallClockTime, isTheSecondOf written: WallClockTime) -> Bool {
        func second(_ time: WallClockTime) -> Int64 {
            let (quotient, remainder) = time.fields.wallClockMilliseconds.quotientAndRemainder(dividingBy: 1000)
            return remainder < 0 ? quotient - 1 : quotient
        }
        return second(exact) == second(written)
    }

    private static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }
}
