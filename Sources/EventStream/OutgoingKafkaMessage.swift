import Foundation

/// One message for `KafkaProducer.send(topic:messages:)`: its key, value, one header and the id its delivery report
/// will carry.
public struct OutgoingKafkaMessage: Sendable {
    public let key: String
    public let value: Data
    public let id: UInt64
    public let header: (name: String, value: String)

    public init(key: String, value: Data, id: UInt64, header: (name: String, value: String)) {
        self.key = key
        self.value = value
        self.id = id
        self.header = header
    }
}
