/// The one rule for client-chosen idempotency keys (`clientId` of records, tasks and steps): 1–100 printable ASCII
/// characters without spaces, so a retried create finds the first one and a key cannot be used to stuff the
/// database. The same key again answers with what the first request made when it is a retry of that request, and
/// is refused (`IdempotencyKeyReused`, 422) when it asks for something else (`IdempotentRetry`).
public enum ClientId {
    public static let maxLength = 100

    static let rule = ExpectedValue(
        ja: "1〜\(maxLength) 文字の ASCII 印字可能文字（空白なし）で指定してください",
        en: "expected 1 to \(maxLength) printable ASCII characters without spaces"
    )

    /// The key as sent, or nil when none was sent; `field` names it in the refusal (`records[2].clientId`).
    public static func validated(_ raw: String?, field: String = "clientId") throws(ServiceError) -> String? {
        guard let raw else { return nil }
        // Printable ASCII without the space: checked on the bytes, as every record of a 1,000-record batch has one.
        let bytes = raw.utf8
        guard (1...maxLength).contains(bytes.count), bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw ServiceError.invalidParameter(field, expected: rule)
        }
        return raw
    }
}
