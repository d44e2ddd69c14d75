/// The one rule for client-chosen idempotency keys (`clientId` of records, tasks and steps): 1–100 printable ASCII
/// characters without spaces, so a retried create finds the first one and a key cannot be used to stuff the
/// database. The same key again answers with what the first request made.
public enum ClientId {
    public static let maxLength = 100

    /// The key as sent, or nil when none was sent; `field` names it in the refusal (`records[2].clientId`).
    public static func validated(_ raw: String?, field: String = "clientId") throws(ServiceError) -> String? {
        guard let raw else { return nil }
        guard (1...maxLength).contains(raw.count), raw.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline && !$0.isASCIIControl }) else {
            throw ServiceError.invalidParameter(field)
        }
        return raw
    }
}

private extension Character {
    var isASCIIControl: Bool { unicodeScalars.allSatisfy { $0.value < 0x20 || $0.value == 0x7F } }
}
