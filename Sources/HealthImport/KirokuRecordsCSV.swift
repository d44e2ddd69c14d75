import Foundation
import Health

/// The columns of Kiroku's own records export (`DataExporter.csv`), defined here so that the export and the import
/// that reads it back cannot drift apart, and where a CSV import file is recognised as one.
public enum KirokuRecordsCSV {
    /// What every export has written, in order. Times are on the wall clock of `time_zone` to the second.
    public static let firstColumns = [
        "id", "metric", "value", "unit", "original_value", "original_unit", "start", "end",
        "utc_offset_seconds", "source", "source_name", "device", "metadata", "created_at", "updated_at", "time_zone",
    ]

    /// Added after `time_zone` so that the export reads back exactly: a wall-clock time names two instants in the hour
    /// clocks go back and none of its milliseconds, so the instants are also written in UTC (`2024-11-03T05:30:00.250Z`);
    /// the client's id lets a client's retry or a Health Auto Export re-send find the restored record.
    public static let exactColumns = ["start_utc", "end_utc", "created_at_utc", "updated_at_utc", "client_id"]

    /// Added last: the version of the app that recorded the sample and when it created it, in UTC (empty when not
    /// known). An export from before them reads as records without them.
    public static let provenanceColumns = ["source_version", "source_created_at_utc"]

    /// The header the export writes today.
    public static let header = firstColumns + exactColumns + provenanceColumns

    /// Whether a file (its first characters, the byte-order mark removed) is a CSV the importer takes: the export's
    /// header starts `id,metric,`, the simple import's `date,`.
    public static func isCSVImport(head: String) -> Bool {
        let head = head.lowercased()
        return head.hasPrefix("date,") || startsWithHeader(head)
    }

    /// Whether the text starts with the export's header (blank lines before it aside).
    static func startsWithHeader(_ text: some StringProtocol) -> Bool {
        var text = Substring(text)
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        let start = text.drop { $0.isNewline || $0 == " " || $0 == "\t" }
        return start.prefix(10).lowercased() == "id,metric,"
    }

    /// Where each column of a header is, refusing a header that lacks a column every export writes or names one no
    /// export writes (its values would be dropped without a trace).
    struct Columns {
        private let positions: [String: Int]
        let count: Int

        init(header: [String]) throws(CSVRowProblem) {
            var positions: [String: Int] = [:]
            let header = header.map(Self.name)
            for (position, name) in header.enumerated() {
                guard positions[name] == nil else {
                    throw CSVRowProblem(ja: "見出しに「\(name)」が 2 回あります。", en: "The header names “\(name)” twice.")
                }
                positions[name] = position
            }
            let missing = KirokuRecordsCSV.firstColumns.filter { positions[$0] == nil }
            let unknown = header.filter { !KirokuRecordsCSV.header.contains($0) }
            guard missing.isEmpty, unknown.isEmpty else {
                let ja = (missing.isEmpty ? [] : ["列 \(missing.joined(separator: ", ")) がありません"])
                    + (unknown.isEmpty ? [] : ["列 \(unknown.joined(separator: ", ")) は Kiroku の書き出しにない列です"])
                let en = (missing.isEmpty ? [] : ["it lacks \(missing.joined(separator: ", "))"])
                    + (unknown.isEmpty ? [] : ["\(unknown.joined(separator: ", ")) is not a column Kiroku exports"])
                throw CSVRowProblem(
                    ja: "Kiroku の記録の書き出し（CSV）の見出しではありません: \(ja.joined(separator: "、"))。",
                    en: "This is not the header of Kiroku's records export: \(en.joined(separator: "; "))."
                )
            }
            self.positions = positions
            count = header.count
        }

        /// A header field as a column name: spaces and the byte-order mark before the first one aside, any case.
        private static func name(_ field: String) -> String {
            field.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\u{FEFF}"))).lowercased()
        }

        /// The row's value in `column`; nil when the header has no such column (an export before it existed).
        func value(_ column: String, in row: [String]) -> String? {
            positions[column].map { row[$0] }
        }
    }
}
