import Foundation

/// Text from bytes that must be UTF-8; nil when they are not.
///
/// `String(validating:as:)` is generic, and the standard library does not specialise the validation behind it: every
/// call looked its types' metadata up at run time, which showed in the gateway's profile (the relay reads about ten
/// strings per sample from the outbox, and a request's parser as many). Text that is all ASCII (ids, dates, units,
/// type names) is UTF-8 as it is and goes through `String(decoding:as:)`; anything else is validated as before.
enum UTF8Text {
    static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        isASCII(bytes) ? String(decoding: bytes, as: UTF8.self) : String(validating: bytes, as: UTF8.self)
    }

    /// Whether no byte has its high bit set, eight at a time.
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset + 8 <= bytes.count {
            if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] & 0x80 != 0 { return false }
            offset += 1
        }
        return true
    }
}
