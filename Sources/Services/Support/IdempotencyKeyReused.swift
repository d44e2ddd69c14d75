import Health

/// A client-chosen idempotency key (a record's, task's or step's `clientId`, a set's `Idempotency-Key`) sent again
/// with content other than what the key first created. Following the IETF draft "The Idempotency-Key HTTP Header
/// Field", that is refused with 422 rather than answered with the first result: answering it would tell the client
/// its new data was stored when it was silently dropped. Nothing of the request is stored.
public struct IdempotencyKeyReused: DomainError, Equatable {
    /// Where the key was sent: `clientId`, `records[2].clientId`, `Idempotency-Key`.
    public let field: String

    public init(field: String) {
        self.field = field
    }

    public var code: String { "idempotency_key_reused" }
    public var httpStatus: Int { 422 }

    public var message: LocalizedText {
        LocalizedText(
            ja: "\(field) のキーは、別の内容ですでに使われています。同じキーで送れるのは、最初と同じ内容の再送信だけです。新しい内容は新しいキーで送ってください。",
            en: "The key in \(field) was already used with different content. A key may only be sent again with the same content as the first time; send new content with a new key."
        )
    }
}
