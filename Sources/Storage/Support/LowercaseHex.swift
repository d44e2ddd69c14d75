/// Lower-case hexadecimal text of bytes (hashes, MACs, ETags). `String(format: "%02x")` per byte went through
/// Foundation's formatter and `vsnprintf`, and the API-token hash is computed on every authenticated request.
/// Services reach it as `HexDigits`; it lives here because `TokenHash` needs it.
public enum LowercaseHex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func text<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
