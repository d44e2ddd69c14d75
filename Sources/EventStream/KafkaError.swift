/// A failure reported by librdkafka: its error name (e.g. `_MSG_TIMED_OUT`) and description.
public struct KafkaError: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32
    public let name: String
    public let message: String

    public init(code: Int32, name: String, message: String) {
        self.code = code
        self.name = name
        self.message = message
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
