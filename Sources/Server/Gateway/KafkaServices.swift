import EventStream
import Logging
import ServiceLifecycle
import Services
import Storage

/// The gateway's way into Kafka when it is configured: the transactional producer and the relay that moves the
/// outbox into it. Listed producer first, so shutdown stops the relay before the producer flushes.
func kafkaServices(configuration: AppConfiguration, database: AppDatabase, logger: Logger) throws -> [any Service] {
    guard let kafka = configuration.kafka else { return [] }
    let producer = try KafkaProducer(
        configuration: .init(bootstrapServers: kafka.brokers, transactionalId: kafka.transactionalId, options: kafka.properties), logger: logger
    )
    let relay = OutboxRelay(
        source: SQLiteOutbox(database: database), producer: producer,
        reader: KafkaTopicReader(bootstrapServers: kafka.brokers, options: kafka.consumerProperties),
        topic: kafka.topic, positionTopic: kafka.positionTopic, logger: logger,
        // Steps of up to 3,000 entries: with 1,000 the relay only just kept up with 4 phones' batches (the outbox
        // drained 0.85–0.98 s after the last answer), with 3,000 it drains in 0.03–0.04 s; with 10,000 each step's
        // delete, which joins the batches' commit, raised their p99 from about 30 ms to 37 ms (BENCHMARKS.md).
        batchSize: 3_000
    )
    logger.info("publishing gateway samples to kafka", metadata: [
        "brokers": "\(kafka.brokers)", "topic": "\(kafka.topic)", "position_topic": "\(kafka.positionTopic)", "transactional_id": "\(kafka.transactionalId)",
    ])
    return [producer, relay]
}
