import Foundation

/// Splits CSV text into rows as RFC 4180 writes them, each with the line of the file it starts on (for errors).
///
/// Kiroku's exports quote a field holding a comma, a quote or a line break, so a quoted field may span lines: the
/// text is read as one stream, not line by line. Fields are kept exactly (no trimming): a restore must give back a
/// source name with its spaces. Bytes, not characters: every delimiter is ASCII, which never occurs inside another
/// character's UTF-8, and "\r\n" is one `Character` where the reader wants to see both halves.
enum CSVRows {
    struct Row {
        /// 1-based line of the file where the row starts.
        let line: Int
        let fields: [String]

        /// An empty or spaces-only line: not a row at all.
        var isBlank: Bool {
            fields.count == 1 && fields[0].allSatisfy { $0 == " " || $0 == "\t" }
        }
    }

    /// A quoted field still open at the end of the file: everything after its opening quote was read into it.
    struct UnclosedQuote: Error {
        let line: Int
    }

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let lineFeed = UInt8(ascii: "\n")

    /// Hands each row to `body` in order (rows are not collected: an export of half a million records is 100 MB).
    static func forEach(in text: String, _ body: (Row) -> Void) throws(UnclosedQuote) {
        var text = text
        // A native string is contiguous already; anything else (bridged) is made so once.
        text.makeContiguousUTF8()
        let unclosed = text.utf8.withContiguousStorageIfAvailable { read($0, body) }
            ?? Array(text.utf8).withUnsafeBufferPointer { read($0, body) }
        if let unclosed { throw UnclosedQuote(line: unclosed) }
    }

    /// Answers the line of a quoted field left open, nil when the text ends cleanly.
    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Row) -> Void) -> Int? {
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var rowLine = 1
        var quoted = false
        var index = 0
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next: UInt8? = index + 1 < bytes.count ? bytes[index + 1] : nil
            index += 1
            if quoted {
                if byte == quote {
                    if next == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        quoted = false
                    }
                    continue
                }
                // A line break inside a field is part of the field, and still a line of the file.
                if byte == lineFeed || (byte == carriageReturn && next != lineFeed) { line += 1 }
                field.append(byte)
                continue
            }
            switch byte {
            case quote:
                quoted = true
            case comma:
                endField()
            case carriageReturn, lineFeed:
                if byte == carriageReturn, next == lineFeed { index += 1 }
                endField()
                body(Row(line: rowLine, fields: fields))
                fields.removeAll(keepingCapacity: true)
                line += 1
                rowLine = line
            default:
                field.append(byte)
            }
        }
        if quoted { return rowLine }
        if !field.isEmpty || !fields.isEmpty {
            endField()
            body(Row(line: rowLine, fields: fields))
        }
        return nil
    }
}
