import Foundation

/// The Kafka message for one sample: the reference gateway's value (`deviceId`, `userId`, `sample` as received,
/// `timestamp`, `appVersion`) plus the Kiroku account the sample is stored under. Keyed by account and phone
/// label together, so one account's phone user stays in one partition and in order.
public struct GatewayKafkaMessage: Encodable {
    public let deviceId: String
    public let userId: String
    public let sample: GatewaySample
    public let timestamp: String?
    public let appVersion: String?
    public let accountId: Int64

    public static func key(accountId: Int64, phoneUserId: String) -> String {
        "\(accountId):\(phoneUserId)"
    }

    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
