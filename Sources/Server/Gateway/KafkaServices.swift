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
        source: SQLiteOutbox(database: database, logger: logger), producer: producer,
        reader: KafkaTopicReader(bootstrapServers: kafka.brokers, options: kafka.consumerProperties),
        topic: kafka.topic, positionTopic: kafka.positionTopic, logger: logger,
        // Steps of up to 10,000 entries. With 1,000 the relay only just kept up with 4 phones' batches (the outbox
        // drained 0.85–0.98 s after the last answer). With 3,000 it drained in 0.03–0.04 s until its messages were
        // written off the cooperative threads; then, at 35–41 k samples/s, in up to 1.19 s, and with 10,000 in
        // 0.03–0.05 s in six runs. 10,000 once raised the batches' p99 (each step's delete of one row per sample joined
        // their commit); with one row per batch the p99s of the two sizes overlap (BENCHMARKS.md).
        batchSize: 10_000
    )
    logger.info("publishing gateway samples to kafka", metadata: [
        "brokers": "\(kafka.brokers)", "topic": "\(kafka.topic)", "position_topic": "\(kafka.positionTopic)", "transactional_id": "\(kafka.transactionalId)",
    ])
    return [producer, relay]
}
