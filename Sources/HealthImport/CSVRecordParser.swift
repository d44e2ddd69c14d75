import Foundation
import Health

/// Every bad row of a CSV file, each named by its line. Nothing of such a file is imported.
public struct CSVImportError: Error, Sendable, Equatable {
    public struct Problem: Sendable, Equatable {
        public var line: Int
        public var message: LocalizedText
    }

    public var problems: [Problem]

    public var code: String { "import_csv_invalid" }

    /// All problems, one per line (the first 50, then how many more).
    public var message: LocalizedText {
        let shown = problems.prefix(50)
        let more = problems.count - shown.count
        let ja = shown.map { "\($0.line) 行目: \($0.message.ja)" } + (more > 0 ? ["ほか \(more) 行"] : [])
        let en = shown.map { "line \($0.line): \($0.message.en)" } + (more > 0 ? ["and \(more) more lines"] : [])
        return LocalizedText(
            ja: "CSV に誤りがあるため何も読み込みませんでした。\n" + ja.joined(separator: "\n"),
            en: "Nothing was imported: the CSV has errors.\n" + en.joined(separator: "\n")
        )
    }
}

/// Reads `date,metric,value,unit[,source]` CSV (header required) into samples, converting units through the
/// catalog. Dates are ISO 8601 with an offset (`2024-03-01T07:42:10+09:00`) or the Health export's
/// `2024-03-01 07:42:10 +0900`, from 1900 to a day after `now`. Every row is checked before anything is returned.
public enum CSVRecordParser {
    public static func parse(_ text: String, now: Date) throws(CSVImportError) -> [ImportedSample] {
        let window = InstantWindow.healthData(now: now)
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated().map { ($0 + 1, $1) }
        lines.removeAll { $0.1.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let header = lines.first else {
            throw CSVImportError(problems: [.init(line: 1, message: LocalizedText(ja: "ファイルが空です。", en: "The file is empty."))])
        }
        let columns = fields(header.1).map { $0.lowercased() }
        guard columns == ["date", "metric", "value", "unit"] || columns == ["date", "metric", "value", "unit", "source"] else {
            throw CSVImportError(problems: [.init(line: header.0, message: LocalizedText(
                ja: "1 行目は見出し date,metric,value,unit[,source] にしてください（Kiroku の記録の書き出し CSV は見出しを変えずにそのまま読み込めます）。",
                en: "The first line must be the header date,metric,value,unit[,source] (Kiroku's records export CSV imports as it is, its header unchanged)."
            ))])
        }
        var samples: [ImportedSample] = []
        var problems: [CSVImportError.Problem] = []
        for (number, line) in lines.dropFirst() {
            switch sample(fields(line), window: window) {
            case let .success(sample): samples.append(sample)
            case let .failure(message): problems.append(.init(line: number, message: message))
            }
        }
        guard problems.isEmpty else { throw CSVImportError(problems: problems) }
        return samples
    }

    private enum RowResult {
        case success(ImportedSample)
        case failure(LocalizedText)
    }

    private static func sample(_ row: [String], window: InstantWindow) -> RowResult {
        guard row.count == 4 || row.count == 5 else {
            return .failure(LocalizedText(ja: "列の数が \(row.count) です（4 か 5 列）。", en: "\(row.count) columns (expected 4 or 5)."))
        }
        let date: Instant
        do throws(DateInputError) {
            date = try Instant.parse(row[0], forms: .exportFiles)
            try window.check(date.date, field: "date")
        } catch {
            return .failure(error.named("date").message)
        }
        guard let metric = MetricCatalog.metric(named: row[1]) else { return .failure(HealthError.unknownMetric(row[1]).message) }
        guard let value = Double(row[2]) else {
            return .failure(LocalizedText(ja: "値「\(row[2])」は数値ではありません。", en: "The value “\(row[2])” is not a number."))
        }
        let canonical: Double
        do {
            canonical = try metric.canonicalValue(value, unit: row[3])
        } catch {
            return .failure(error.message)
        }
        guard metric.plausibleRange.contains(canonical) else {
            return .failure(LocalizedText(
                ja: "\(metric.name.ja)の値 \(row[2]) \(row[3]) はありえない値です。",
                en: "\(metric.name.en) \(row[2]) \(row[3]) is not a believable value."
            ))
        }
        let source = row.count == 5 && !row[4].isEmpty ? row[4] : "CSV"
        return .success(ImportedSample(
            metric: metric.id, value: canonical, originalValue: value, originalUnit: row[3].isEmpty ? metric.canonicalUnit : row[3],
            startAt: date.date, endAt: date.date, utcOffsetSeconds: date.utcOffsetSeconds, sourceName: source, device: nil,
            metadata: nil, naturalKey: NaturalKey.sample(metric: metric.id, sourceName: source, start: date.date, end: date.date, value: canonical)
        ))
    }

    /// Splits one line on commas; double quotes enclose fields that contain commas ("" inside is a quote).
    static func fields(_ line: Substring) -> [String] {
        let characters = Array(line)
        var fields: [String] = []
        var field = ""
        var quoted = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted, character == "\"" {
                if index + 1 < characters.count, characters[index + 1] == "\"" {
                    field.append("\"")
                    index += 1
                } else {
                    quoted = false
                }
            } else if !quoted, character == "\"" {
                quoted = true
            } else if !quoted, character == "," {
                fields.append(field.trimmingCharacters(in: .whitespaces))
                field = ""
            } else {
                field.append(character)
            }
            index += 1
        }
        fields.append(field.trimmingCharacters(in: .whitespaces))
        return fields
    }
}
