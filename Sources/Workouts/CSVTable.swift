import Foundation

/// A parsed CSV file: RFC 4180 quoting (quoted fields may hold the delimiter, doubled quotes and newlines),
/// comma or semicolon delimited (older Strong exports use semicolons), a header row naming the columns.
public struct CSVTable: Sendable {
    public let header: [String]
    public let rows: [[String]]

    public init(text: String) {
        var text = Substring(text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r" }
        let delimiter: Character = firstLine.filter { $0 == ";" }.count > firstLine.filter { $0 == "," }.count ? ";" : ","
        var records = Self.records(text, delimiter: delimiter)
        header = records.isEmpty ? [] : records.removeFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        rows = records.filter { !($0.count == 1 && $0[0].isEmpty) }
    }

    /// The index of a column by name, case-insensitively.
    public func column(_ name: String) -> Int? {
        header.firstIndex { $0.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// The cell of `row` in the named column, trimmed; "" when the column or cell is missing.
    public func value(_ row: [String], _ column: Int?) -> String {
        guard let column, column < row.count else { return "" }
        return row[column].trimmingCharacters(in: .whitespaces)
    }

    private static func records(_ text: Substring, delimiter: Character) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if quoted {
                if character == "\"" {
                    let next = text.index(after: index)
                    if next < text.endIndex, text[next] == "\"" {
                        field.append("\"")
                        index = next
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == delimiter {
                record.append(field)
                field = ""
            } else if character == "\n" || character == "\r\n" || character == "\r" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.append(character)
            }
            index = text.index(after: index)
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }

    /// A field quoted when it must be, for writing CSV.
    public static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == ";" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
