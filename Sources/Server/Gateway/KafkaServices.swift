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
        topic: kafka.topic, positionTopic: kafka.positionTopic, logger: logger
    )
    logger.info("publishing gateway samples to kafka", metadata: [
        "brokers": "\(kafka.brokers)", "topic": "\(kafka.topic)", "position_topic": "\(kafka.positionTopic)", "transactional_id": "\(kafka.transactionalId)",
    ])
    return [producer, relay]
}
