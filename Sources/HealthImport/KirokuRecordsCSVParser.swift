import Foundation
import Health

/// Reads Kiroku's own records export (`KirokuRecordsCSV`) back into records, so that export → import into a new
/// account gives back the same records. Every row is checked before anything is returned; a bad row is reported by
/// its line, in Japanese and English, and nothing of the file is imported (as with the simple CSV import).
///
/// Instants come from the `*_utc` columns when the file has them; the wall-clock columns must then agree with them
/// (to the second, on the clock of `time_zone`), so a time corrected in a spreadsheet is not silently undone. An
/// export from before those columns is read on its `time_zone`'s clock, the record's own UTC offset choosing between
/// the two instants of the hour the clocks go back.
///
/// Values are not held to the ranges a manual entry must meet: an export holds what devices measured, which is stored
/// without them too; only a negative value of a metric that cannot be negative is refused, as for the gateway.
public enum KirokuRecordsCSVParser {
    public static func parse(_ text: String, now: Date) throws(CSVImportError) -> [RestoredRecord] {
        var header: Result<KirokuRecordsCSV.Columns, CSVRowProblem>?
        var records: [RestoredRecord] = []
        var problems: [CSVImportError.Problem] = []
        var copies = CopyCounter()
        let reader = KirokuRecordsRowReader(window: .healthData(now: now), now: now)
        do throws(CSVRows.UnclosedQuote) {
            try CSVRows.forEach(in: text) { row in
                guard !row.isBlank else { return }
                switch header {
                case nil:
                    header = Result { () throws(CSVRowProblem) in try KirokuRecordsCSV.Columns(header: row.fields) }
                    if case let .failure(problem) = header { problems.append(.init(line: row.line, message: problem.message)) }
                case .failure:
                    // Without the columns no row can be read: the header's problem is the one to fix.
                    return
                case let .success(columns):
                    do throws(CSVRowProblem) {
                        var record = try reader.record(row.fields, columns: columns)
                        record.naturalKey = copies.key(for: record)
                        records.append(record)
                    } catch {
                        problems.append(.init(line: row.line, message: error.message))
                    }
                }
            }
        } catch {
            problems.append(.init(line: error.line, message: LocalizedText(
                ja: "引用符（\"）で始まった項目が閉じられないままファイルが終わっています。",
                en: "A field opened with a quote (\") is never closed before the file ends."
            )))
        }
        if header == nil, problems.isEmpty {
            problems.append(.init(line: 1, message: LocalizedText(ja: "ファイルが空です。", en: "The file is empty.")))
        }
        guard problems.isEmpty else { throw CSVImportError(problems: problems) }
        return records
    }

    /// Two rows the same in every part of their key (metric, source name, start, end, value) are two records in the
    /// account they came from — a reading typed in twice — and each has a key of its own there: the first the plain
    /// key, the next ones numbered (`NaturalKey.sample(…, copy:)`, as `assignNaturalKeysBlocking` gives them). Numbered
    /// in the order of the file, so that all come back, and come back once only.
    struct CopyCounter {
        private var seen: [NaturalKey: Int] = [:]

        mutating func key(for record: RestoredRecord) -> NaturalKey {
            let copy = seen[record.naturalKey, default: 0] + 1
            seen[record.naturalKey] = copy
            guard copy > 1 else { return record.naturalKey }
            return KirokuRecordsRowReader.key(of: record, copy: copy)
        }
    }
}
