import Foundation

/// `kiroku serve --gateway-only`: a gateway with no database, answering a batch only once Kafka has acknowledged it.
/// Any number of them can run behind a load balancer, all reading the same key file.
public struct GatewayOnlySettings: Sendable, Equatable {
    public var brokers: String
    public var topic: String
    /// `<owner> <sha256 of key>` lines; see `GatewayKeyring`.
    public var keyFile: String
    /// How long a batch may wait for Kafka's acknowledgements before the answer is 503.
    public var deliveryTimeout: Duration
    /// librdkafka properties given on the command line (TLS, SASL, tuning).
    public var properties: [String: String]

    public init(brokers: String, topic: String = "health-data", keyFile: String, deliveryTimeout: Duration = .seconds(10), properties: [String: String] = [:]) {
        self.brokers = brokers
        self.topic = topic
        self.keyFile = keyFile
        self.deliveryTimeout = deliveryTimeout
        self.properties = properties
    }

    /// The producer's librdkafka properties: messages time out with the request that waits for them, unless the
    /// command line says otherwise.
    var producerProperties: [String: String] {
        var merged = ["message.timeout.ms": "\(deliveryTimeout.components.seconds * 1_000 + deliveryTimeout.components.attoseconds / 1_000_000_000_000_000)"]
        merged.merge(properties) { _, override in override }
        return merged
    }
}
