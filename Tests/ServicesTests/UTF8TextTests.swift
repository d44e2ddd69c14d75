import Foundation
@testable import Services
import Testing

/// Text read from bytes is the bytes' UTF-8 when they are UTF-8, whatever mix of ASCII and other characters they hold
/// and wherever a character falls against the eight-byte steps of the ASCII check; anything else is refused.
@Suite struct UTF8TextTests {
    static func text(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes(UTF8Text.string)
    }

    @Test(arguments: ["", "a", "HKQuantityTypeIdentifierHeartRate", "2026-11-27T09:30:00+09:00", "歩数", "山田のApple Watch",
                      "1234567日", "12345678é", "🏃‍♀️ run", "\u{7F}\u{80}"])
    func validTextIsReadAsItIs(text: String) {
        #expect(Self.text(Array(text.utf8)) == text)
    }

    /// A stray continuation byte, a truncated sequence, an overlong encoding, a surrogate and a byte never used in
    /// UTF-8, each at the start, in the eight-byte steps and in the tail.
    @Test func bytesThatAreNotUTF8AreRefused() {
        let faults: [[UInt8]] = [[0x80], [0xE6, 0xAD], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xFF]]
        for fault in faults {
            for prefix in [0, 3, 8, 13] {
                let bytes = Array(repeating: UInt8(ascii: "x"), count: prefix) + fault + Array("tail".utf8)
                #expect(Self.text(bytes) == nil, "\(bytes)")
                #expect(String(validating: bytes, as: UTF8.self) == nil, "the standard library agrees on \(bytes)")
            }
        }
    }
}
