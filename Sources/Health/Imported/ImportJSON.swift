import Foundation

/// Compact JSON with sorted keys, for metadata and attribute columns: the same input always gives the
/// same text, so stored rows compare and diff cleanly.
public enum ImportJSON {
    public static func string(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}

extension ImportJSON {
    /// A string-to-string object, written by hand: it runs for every record that has metadata, where
    /// JSONEncoder would cost more than parsing the record did.
    public static func object(_ dictionary: [String: String]) -> String {
        var out = "{"
        var first = true
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            if !first { out += "," }
            first = false
            appendQuoted(key, to: &out)
            out += ":"
            appendQuoted(value, to: &out)
        }
        out += "}"
        return out
    }

    private static func appendQuoted(_ text: String, to out: inout String) {
        out += "\""
        // Most keys and values need no escape at all: then they are copied whole, not scalar by scalar.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += text
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
