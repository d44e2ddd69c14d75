/// UUIDs as clients write them: `8-4-4-4-12` hexadecimal digits, either case. A gateway batch checks a hundred sample
/// ids, and Foundation's `UUID(uuidString:)` followed by `uuidString.lowercased()` went through `sscanf`, `snprintf`
/// and a second string per id; this reads the 36 bytes once. It accepts exactly what `UUID(uuidString:)` accepts.
public enum UUIDText {
    /// The id in lower case, or nil when it is not a UUID.
    public static func canonical(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard bytes.count == 36 else { return nil }
            var lowered = false
            for (index, byte) in bytes.enumerated() {
                switch index {
                case 8, 13, 18, 23:
                    guard byte == UInt8(ascii: "-") else { return nil }
                default:
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): break
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): lowered = true
                    default: return nil
                    }
                }
            }
            guard lowered else { return String(decoding: bytes, as: UTF8.self) }
            return String(unsafeUninitializedCapacity: 36) { buffer in
                for (index, byte) in bytes.enumerated() {
                    buffer[index] = (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte) ? byte + 0x20 : byte
                }
                return 36
            }
        }
    }
}
