import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without Foundation's cost when there is nothing to trim,
    /// the usual case for a unit or a type name as an app sends it: this runs for every sample of every batch.
    public var trimmedWhitespace: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        // Only ASCII is decided here; a non-ASCII end may be Unicode white space (U+00A0, U+3000…) and goes to
        // Foundation.
        func isPlainEnd(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte) }
        if isPlainEnd(first), isPlainEnd(last) { return self }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
