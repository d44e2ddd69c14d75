import Storage

/// Lower-case hexadecimal text of bytes (hashes, MACs, ETags), written by Storage's `LowercaseHex`, which token
/// hashes need below this layer.
public enum HexDigits {
    public static func lowercase<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        LowercaseHex.text(bytes)
    }
}
