import Foundation

/// The Kafka message for one sample: the reference gateway's value (`deviceId`, `userId`, `sample` as received,
/// `timestamp`, `appVersion`) plus the Kiroku account the sample is stored under. Keyed by account and phone
/// label together, so one account's phone user stays in one partition and in order.
struct GatewayKafkaMessage: Encodable {
    let deviceId: String
    let userId: String
    let sample: GatewaySample
    let timestamp: String?
    let appVersion: String?
    let accountId: Int64

    static func key(accountId: Int64, phoneUserId: String) -> String {
        "\(accountId):\(phoneUserId)"
    }

    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
