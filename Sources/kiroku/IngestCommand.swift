import ArgumentParser
import EventStream
import Foundation
import Health
import Logging
import ServiceLifecycle
import Services
import UnixSignals

/// `kiroku ingest --from-kafka`: stores what stateless gateways (`serve --gateway-only`) published into this data
/// directory's database, as a member of a Kafka consumer group, until SIGTERM or SIGINT.
struct IngestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Store gateway samples from Kafka into this database (a consumer group member; stops on SIGTERM).",
        discussion: """
            Each message names its owner (the Kiroku username its gateway key belongs to); a message for a user this \
            database does not have is skipped and logged (reason=unknown_owner, with a message in the terminal's \
            language; the username only with --log-pii). Offsets are committed only after the rows are written, and \
            writes are idempotent by owner and sample id: a restart loses nothing and stores nothing twice.
            """
    )

    @OptionGroup var data: DataOptions

    @Flag(name: .customLong("from-kafka"), help: "Read from Kafka (the only source so far).")
    var fromKafka = false

    @Option(name: .customLong("kafka-brokers"), help: "Kafka bootstrap servers, host:port,… (env KIROKU_KAFKA_BROKERS).")
    var kafkaBrokers: String?

    @Option(help: "The topic the gateways publish to.")
    var topic: String = "health-data"

    @Option(help: "The consumer group; every ingest process of one database uses the same one.")
    var group: String = "kiroku-ingest"

    @Option(name: .customLong("batch-size"), help: "Most messages stored per transaction.")
    var batchSize: Int = 500

    @Option(name: .customLong("kafka-option"), help: "A librdkafka property as key=value (repeatable), e.g. security.protocol=ssl.")
    var kafkaOptions: [String] = []

    @Option(name: .customLong("log-format"), help: "json or text (env KIROKU_LOG_FORMAT).")
    var logFormat: LogFormat = LogBootstrap.environmentFormat

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env KIROKU_LOG_LEVEL).")
    var logLevel: Logger.Level = LogBootstrap.environmentLevel

    @Flag(name: .customLong("log-pii"), help: "Log personal data unredacted (the owner a skipped message names). For development only.")
    var logPersonalData = false

    var brokers: String? { kafkaBrokers ?? ProcessInfo.processInfo.environment["KIROKU_KAFKA_BROKERS"] }

    func validate() throws {
        guard fromKafka else { throw ValidationError("Give --from-kafka. / --from-kafka を指定してください。") }
        guard brokers != nil else { throw ValidationError("--kafka-brokers is needed. / --kafka-brokers が必要です。") }
        guard (1...10_000).contains(batchSize) else { throw ValidationError("--batch-size must be 1–10000. / --batch-size は 1〜10000 で指定してください。") }
        try KafkaOptionArguments.validate(kafkaOptions)
    }

    func run() async throws {
        // The redacting handlers `serve` logs with: a skipped message's owner is a username.
        LogBootstrap.install(format: logFormat, level: logLevel, logPersonalData: logPersonalData)
        var logger = Logger(label: "kiroku.ingest")
        logger.logLevel = logLevel
        let database = try data.openDatabase()
        let consumer = try KafkaGroupConsumer(bootstrapServers: brokers ?? "", group: group, topic: topic, options: KafkaOptionArguments.properties(kafkaOptions))
        let service = GatewayKafkaConsumerService(
            consumer: consumer, ingest: GatewayKafkaIngestService(database: database), batchSize: batchSize, logger: logger,
            language: .terminal
        )
        logger.info("ingesting from kafka", metadata: ["topic": "\(topic)", "group": "\(group)", "data_dir": "\(data.directoryURL.path)"])
        let services = ServiceGroup(configuration: .init(services: [.init(service: service)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await services.run()
        let tally = service.tally
        logger.info("stopped", metadata: ["stored": "\(tally.stored)", "duplicates": "\(tally.duplicates)", "skipped": "\(tally.skipped.count)"])
    }
}
