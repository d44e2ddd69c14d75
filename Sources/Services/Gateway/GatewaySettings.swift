import Foundation

/// The gateway's limits, and whether it feeds Kafka. Defaults suit one household's phones.
public struct GatewaySettings: Sendable, Equatable {
    /// The app sends at most 100; other clients may send more, up to this.
    public var maxSamplesPerRequest: Int
    public var maxBodyBytes: Int
    /// Requests per minute per API key (or per account for Basic auth).
    public var requestsPerMinute: Int
    /// With Kafka on, accepted samples also go to the outbox; past this many waiting messages the gateway
    /// answers 503 (which the app retries) instead of growing without bound while Kafka is away.
    public var outboxLimit: Int
    public var kafkaEnabled: Bool

    public init(maxSamplesPerRequest: Int = 1_000, maxBodyBytes: Int = 4 * 1024 * 1024, requestsPerMinute: Int = 120, outboxLimit: Int = 100_000, kafkaEnabled: Bool = false) {
        self.maxSamplesPerRequest = maxSamplesPerRequest
        self.maxBodyBytes = maxBodyBytes
        self.requestsPerMinute = requestsPerMinute
        self.outboxLimit = outboxLimit
        self.kafkaEnabled = kafkaEnabled
    }
}
