import Foundation
import HealthImport

/// Each sample of a batch as the phone sent it: its JSON text with the whitespace between tokens left out, so the
/// Kafka message carries the sample as received (reference/gateway-protocol.md) — members a later app version adds,
/// numbers as they were written (a 19-digit id in metadata stays those 19 digits) — without decoding and encoding it
/// again. Copying the reader's slice costs less per sample than writing the known fields did.
public struct GatewayReceivedSamples: Sendable {
    /// Every sample's text, one after another.
    private var bytes: [UInt8] = []
    /// Where each sample's text lies in `bytes`, by the sample's index; nil for one whose member names are not UTF-8
    /// (the reader reads past names it does not know without decoding them), which is written from its fields instead.
    private var ranges: [Range<Int>?] = []

    public init() {}

    /// Appends the text of the next sample, a JSON value the reader has checked.
    mutating func append(_ json: UnsafeRawBufferPointer) {
        if bytes.isEmpty { bytes.reserveCapacity(json.count * 100) }
        let start = bytes.count
        Self.appendCompact(json, to: &bytes)
        let valid = bytes.withUnsafeBytes { all in
            let text = UnsafeRawBufferPointer(rebasing: all[start...])
            return UTF8Text.isASCII(text) || String(validating: text, as: UTF8.self) != nil
        }
        if !valid { bytes.removeSubrange(start...) }
        ranges.append(valid ? start..<bytes.count : nil)
    }

    /// Appends `json`, a JSON value the reader has checked, with the whitespace between its tokens left out (inside
    /// strings it is kept). The reader keeps a member it does not know in this form too, so the record's
    /// `gatewayField.<name>` is the same text whether it was stored from the batch or from the Kafka message.
    static func appendCompact(_ json: UnsafeRawBufferPointer, to bytes: inout [UInt8]) {
        var inString = false, escaped = false, run = 0
        for offset in 0..<json.count {
            let byte = json[offset]
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if JSONGrammar.isWhitespace(byte) {
                // Runs between whitespace are copied whole; phones' encoders write none, so mostly one run.
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: json[run..<offset]))
                run = offset + 1
            }
        }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: json[run..<json.count]))
    }

    /// The text of sample `index`, when the batch was read with it.
    public subscript(index: Int) -> Data? {
        guard ranges.indices.contains(index), let range = ranges[index] else { return nil }
        return Data(bytes[range])
    }
}
