import EventStream
import Foundation
import Logging
import Storage

/// The stateless gateway's ingest (`kiroku serve --gateway-only`): a batch is read and checked exactly as the storing
/// gateway does, then each valid sample goes to Kafka as one message, and the batch counts as accepted only once
/// Kafka has acknowledged all of them. Nothing is kept here: a success means durable in Kafka; a timeout or a failed
/// delivery is a 503 the app retries.
public struct GatewayForwardService: Sendable {
    public let settings: GatewaySettings
    let publisher: KafkaBatchPublisher
    let topic: String
    let deliveryTimeout: Duration
    let logger: Logger

    public init(settings: GatewaySettings, publisher: KafkaBatchPublisher, topic: String, deliveryTimeout: Duration, logger: Logger) {
        self.settings = settings
        self.publisher = publisher
        self.topic = topic
        self.deliveryTimeout = deliveryTimeout
        self.logger = logger
    }

    /// Reads, checks and publishes one batch for `owner` (the Kiroku username its API key belongs to). `stored` in
    /// the outcome counts the samples Kafka acknowledged; whether an earlier attempt already sent them is not known
    /// here (a consumer deduplicates by owner and sample id).
    public func forward(_ body: Data, owner: String, now: Date) async throws -> GatewayIngestService.Outcome {
        let payload = try GatewayIngestService.decode(body, settings: settings)
        // The records are only the samples' verdicts: no account exists here, so the owner id is a placeholder.
        let mapped = GatewaySampleMapper(userId: 0, payload: payload, now: now).map()
        let header = GatewayIngestService.PayloadHeader(payload)
        let writer = GatewayKafkaMessageWriter(
            deviceId: header.deviceId, userId: header.userId, timestamp: header.timestamp, appVersion: header.appVersion, owner: owner
        )
        // Samples kept raw (a known type in a unit Kiroku does not know) travel too: the consumer keeps them raw,
        // as the storing gateway does, so nothing a phone sent is lost on this path either.
        let outgoing = zip(mapped.records, mapped.sampleIndexes).map { ($0.externalId ?? "", $1) } + mapped.keptRaw.map { ($0.sampleId, $0.index) }
        let messages = outgoing.compactMap { id, index in
            payload.sampleJSON(at: index).map { json in
                KafkaBatchPublisher.Message(topic: topic, key: GatewayKafkaMessage.key(owner: owner, sampleId: id), value: writer.message(sampleJSON: json))
            }
        }
        do {
            try await publisher.publish(messages, timeout: deliveryTimeout)
        } catch {
            logger.warning("kafka did not take a gateway batch", metadata: ["samples": "\(messages.count)", "error": "\(error)"])
            throw GatewayError.kafkaUnavailable
        }
        let published = mapped.records.count + mapped.keptRaw.count
        return .init(received: payload.samples.count, synced: mapped.synced, stored: published, rejections: mapped.rejections, keptRaw: mapped.keptRaw)
    }
}
