import Foundation

/// One message read back from a partition.
public struct KafkaMessage: Sendable, Equatable {
    public let partition: Int32
    public let offset: Int64
    public let key: Data?
    public let value: Data
    /// The last value of each header name.
    public let headers: [String: Data]

    public init(partition: Int32, offset: Int64, key: Data?, value: Data, headers: [String: Data] = [:]) {
        self.partition = partition
        self.offset = offset
        self.key = key
        self.value = value
        self.headers = headers
    }

    public var keyString: String? { key.map { String(decoding: $0, as: UTF8.self) } }
}
