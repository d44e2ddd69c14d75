import Foundation

/// JSON text appended as UTF-8 bytes.
struct JSONBytes {
    var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    mutating func openObject() { bytes.append(UInt8(ascii: "{")) }
    mutating func closeObject() { bytes.append(UInt8(ascii: "}")) }

    mutating func key(_ name: String, first: Bool = true) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    mutating func null() { bytes.append(contentsOf: "null".utf8) }
    mutating func bool(_ flag: Bool) { bytes.append(contentsOf: (flag ? "true" : "false").utf8) }
    mutating func integer(_ value: Int64) { bytes.append(contentsOf: String(value).utf8) }

    /// Whole numbers without a fraction (`1500`, as the phone sends them), others in Swift's shortest form that
    /// reads back to the same Double.
    mutating func number(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 9.0e15 {
            integer(Int64(value))
        } else if value.isFinite {
            bytes.append(contentsOf: "\(value)".utf8)
        } else {
            null()
        }
    }

    /// A quoted string: `"` and `\` escaped, control characters as escapes, everything else (slashes, non-ASCII) as is.
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            // Sample ids, dates, units and bundle names never need escaping: copied whole, not byte by byte.
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 { escape(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20:
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
        default: bytes.append(byte)
        }
    }
}
