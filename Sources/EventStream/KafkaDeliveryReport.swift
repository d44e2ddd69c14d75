/// Kafka's answer for one produced message, matched to the caller's id.
public struct KafkaDeliveryReport: Sendable, Equatable {
    public let id: UInt64
    public let result: Result<Position, KafkaError>

    public struct Position: Sendable, Equatable {
        public let partition: Int32
        public let offset: Int64
    }

    public var succeeded: Bool {
        if case .success = result { return true }
        return false
    }
}
