import Foundation

/// A BulkTrack device id as Kiroku keys it. The app sends a UUID, and the same UUID comes in either case (iOS's
/// `uuidString` is upper case, most other clients write lower case): read as two devices, one phone got a second,
/// empty anonymous account. A UUID is keyed in its lower-case form (RFC 9562's); any other id is kept as sent.
public enum WorkoutDeviceId {
    public static func normalized(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let uuid = UUID(uuidString: trimmed) else { return trimmed }
        return uuid.uuidString.lowercased()
    }

    /// The id normalized, or nil when it is not one: 1–128 printable ASCII characters without spaces (the contract's
    /// pattern), so no whitespace or control character becomes a key.
    public static func checked(_ text: String) -> String? {
        let id = normalized(text)
        guard (1...128).contains(id.count), id.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else { return nil }
        return id
    }
}
