import Foundation

/// A parsed CSV file: RFC 4180 quoting (quoted fields may hold the delimiter, doubled quotes and newlines),
/// comma or semicolon delimited (older Strong exports use semicolons), a header row naming the columns.
public struct CSVTable: Sendable {
    public let header: [String]
    public let rows: [[String]]

    /// Read by Unicode scalars, not Characters: Swift joins "\r\n" into one Character and a delimiter with a combining
    /// mark after it into another, and neither is then seen for the line break or the delimiter it is.
    public init(text: String) {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        let firstLine = scalars.prefix { $0 != "\n" && $0 != "\r" }
        let delimiter: Unicode.Scalar = firstLine.filter { $0 == ";" }.count > firstLine.filter { $0 == "," }.count ? ";" : ","
        var records = Self.records(scalars, delimiter: delimiter)
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

    private static func records(_ text: Substring.UnicodeScalarView, delimiter: Unicode.Scalar) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = String.UnicodeScalarView()
        var quoted = false
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index]
            var next = text.index(after: index)
            if quoted {
                if scalar == "\"" {
                    if next < text.endIndex, text[next] == "\"" {
                        field.append("\"")
                        next = text.index(after: next)
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(scalar)
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == delimiter {
                record.append(String(field))
                field = String.UnicodeScalarView()
            } else if scalar == "\n" || scalar == "\r" {
                record.append(String(field))
                records.append(record)
                record = []
                field = String.UnicodeScalarView()
                if scalar == "\r", next < text.endIndex, text[next] == "\n" { next = text.index(after: next) }
            } else {
                field.append(scalar)
            }
            index = next
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(String(field))
            records.append(record)
        }
        return records
    }

    /// A field quoted when it must be, for writing CSV.
    public static func escape(_ field: String) -> String {
        guard field.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == ";" }) else { return field }
        // Scalar by scalar: a quote with a combining mark after it is one Character, which a Character search skips.
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
