import Foundation

/// The Kafka message for one sample: the reference gateway's value (`deviceId`, `userId`, `sample` as received,
/// `timestamp`, `appVersion`) plus who it belongs to. The storing gateway names the Kiroku account (`accountId`) and
/// keys by account and phone label together, so one account's phone user stays in one partition and in order. The
/// stateless gateway (`--gateway-only`) names the owner its API key belongs to (`owner`, a Kiroku username) and keys
/// by owner and sample id, so copies of one sample sent through different instances share a key.
public struct GatewayKafkaMessage: Codable {
    public let deviceId: String
    public let userId: String
    public let sample: GatewaySample
    public let timestamp: String?
    public let appVersion: String?
    public let accountId: Int64?
    public let owner: String?

    public init(deviceId: String, userId: String, sample: GatewaySample, timestamp: String?, appVersion: String?, accountId: Int64? = nil, owner: String? = nil) {
        self.deviceId = deviceId
        self.userId = userId
        self.sample = sample
        self.timestamp = timestamp
        self.appVersion = appVersion
        self.accountId = accountId
        self.owner = owner
    }

    public static func key(accountId: Int64, phoneUserId: String) -> String {
        "\(accountId):\(phoneUserId)"
    }

    /// The stateless gateway's key. The owner is part of it so that one owner's sample id can never share a key (and
    /// so, on a compacted topic, replace) another owner's sample.
    public static func key(owner: String, sampleId: String) -> String {
        "\(owner):\(sampleId)"
    }

    public func encoded(with encoder: JSONEncoder = makeEncoder()) throws -> Data {
        try encoder.encode(self)
    }

    /// The encoder the messages are written with; one can serve a whole batch.
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
