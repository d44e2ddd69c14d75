import Foundation
import Services
import Testing

/// Token hashes, backup checksums and ETags are stored or compared as the lower-case hex text `String(format: "%02x")`
/// wrote; `HexDigits` must write the same, or every stored API token would stop matching.
@Suite struct HexDigitsTests {
    @Test func writesWhatTheFormatterWrote() {
        var generator = SystemRandomNumberGenerator()
        for length in [0, 1, 2, 16, 32, 33, 257] {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            #expect(HexDigits.lowercase(bytes) == bytes.map { String(format: "%02x", $0) }.joined())
        }
        #expect(HexDigits.lowercase([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
    }

    @Test func anAPITokenHashesAsBefore() {
        // FIPS 180-2's test vectors, in the lower-case hex that tokens created before this change are stored in.
        #expect(SecretToken.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SecretToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
