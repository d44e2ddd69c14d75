/// A failure reported by librdkafka: its error name (e.g. `_MSG_TIMED_OUT`) and description, and for the
/// transactional API what the caller must do next.
public struct KafkaError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let name: String
    public let message: String
    public let recovery: Recovery

    /// librdkafka's three classes of transactional errors, plus everything else.
    public enum Recovery: Sendable, Equatable {
        /// Calling the same function again may succeed (e.g. the coordinator was unreachable in time).
        case retry
        /// The transaction cannot commit: abort it and start a new one.
        case abortTransaction
        /// The producer instance is unusable (fenced by a newer one, or misconfigured): create a new one.
        case recreateProducer
        /// No flag set: librdkafka's advice is to treat these like fatal errors in transactional code.
        case none
    }

    public init(code: Int32, name: String, message: String, recovery: Recovery = .none) {
        self.code = code
        self.name = name
        self.message = message
        self.recovery = recovery
    }

    public var description: String { "\(name): \(message)" }
}

extension String {
    /// The text in a NUL-terminated C buffer that librdkafka wrote an error into.
    init(errorBuffer: [CChar]) {
        let bytes = errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
