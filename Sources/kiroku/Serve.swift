import ArgumentParser
import Foundation
import Logging
import Server
import Services
import Storage

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Kiroku server (web app, JSON API, metrics).")

    @OptionGroup var data: DataOptions

    @Option(help: "Address to listen on (env KIROKU_HOST).")
    var host: String = ProcessInfo.processInfo.environment["KIROKU_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on, 1–65535 (env KIROKU_PORT).")
    var port: Int = PortOption.environment("KIROKU_PORT") ?? 8080

    @Option(name: .customLong("log-format"), help: "json or text (env KIROKU_LOG_FORMAT).")
    var logFormat: LogFormat = LogBootstrap.environmentFormat

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env KIROKU_LOG_LEVEL).")
    var logLevel: Logger.Level = LogBootstrap.environmentLevel

    @Flag(name: .customLong("log-pii"), help: "Log personal data unredacted. For development only.")
    var logPersonalData = false

    @Flag(name: .customLong("durable-commits"), help: "Put every commit on the disk before answering (SQLite synchronous=FULL), so a stored sample survives a power cut; concurrent gateway batches share one fsync (env KIROKU_DURABLE_COMMITS=1).")
    var durableCommits = ProcessInfo.processInfo.environment["KIROKU_DURABLE_COMMITS"] == "1"

    @Flag(name: .customLong("secure-cookies"), help: "Mark cookies Secure behind an HTTPS proxy (env KIROKU_SECURE_COOKIES=1). Implied by --tls-certificate.")
    var secureCookies = ProcessInfo.processInfo.environment["KIROKU_SECURE_COOKIES"] == "1"

    @Option(name: [.customLong("tls-certificate"), .customLong("tls-cert")], help: "PEM certificate chain: serve HTTPS (env KIROKU_TLS_CERTIFICATE).")
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key for --tls-certificate (env KIROKU_TLS_KEY).")
    var tlsKey: String?

    @Option(name: .customLong("gateway-max-samples"), help: "Most samples the health data gateway takes per request.")
    var gatewayMaxSamples: Int = GatewaySettings().maxSamplesPerRequest

    @Option(name: .customLong("gateway-rate"), help: "Gateway requests per minute per API key or account.")
    var gatewayRate: Int = GatewaySettings().requestsPerMinute

    @Option(name: .customLong("gateway-max-body"), help: "Largest gateway request body, in bytes.")
    var gatewayMaxBody: Int = GatewaySettings().maxBodyBytes

    @Option(name: .customLong("gateway-outbox-limit"), help: "With Kafka on: most samples waiting for Kafka before the gateway answers 503.")
    var gatewayOutboxLimit: Int = GatewaySettings().outboxLimit

    @Option(name: .customLong("kafka-brokers"), help: "Kafka bootstrap servers (host:port,…): the gateway then publishes every new sample (env KIROKU_KAFKA_BROKERS).")
    var kafkaBrokers: String?

    @Option(name: .customLong("kafka-topic"), help: "Kafka topic for gateway samples.")
    var kafkaTopic: String = "health-data"

    @Option(name: .customLong("kafka-position-topic"), help: "Kafka topic (one partition, compacted) where the gateway commits how far it published, in the same transaction as the samples.")
    var kafkaPositionTopic: String = "kiroku-outbox-position"

    @Option(name: .customLong("kafka-transactional-id"), help: "Kafka transactional id of the gateway's relay (default: one made up once and kept in the data directory).")
    var kafkaTransactionalId: String?

    @Option(name: .customLong("kafka-option"), help: "A librdkafka property as key=value (repeatable), e.g. security.protocol=ssl.")
    var kafkaOptions: [String] = []

    @Flag(name: .customLong("gateway-only"), help: "Run only the health data gateway, with no database: a batch is answered once Kafka has acknowledged it (needs --kafka-brokers and --gateway-keys).")
    var gatewayOnly = false

    @Option(name: .customLong("gateway-keys"), help: "With --gateway-only: the API key file, one \"<owner> <sha256 of key>\" per line; see kiroku gateway-key (env KIROKU_GATEWAY_KEYS).")
    var gatewayKeys: String?

    @Option(name: .customLong("kafka-delivery-timeout"), help: "With --gateway-only: seconds a batch may wait for Kafka's acknowledgement before the answer is 503.")
    var kafkaDeliveryTimeout: Double = 10

    var brokers: String? { kafkaBrokers ?? ProcessInfo.processInfo.environment["KIROKU_KAFKA_BROKERS"] }

    var gatewayKeyFile: String? { gatewayKeys ?? ProcessInfo.processInfo.environment["KIROKU_GATEWAY_KEYS"] }

    var kafkaProperties: [String: String] { KafkaOptionArguments.properties(kafkaOptions) }

    @Option(name: .customLong("sawayaka-feed-url"), help: "さわやか: a queue-service-shaped JSON feed to poll within opening hours (env KIROKU_SAWAYAKA_FEED_URL).")
    var sawayakaFeedURL: String?

    @Option(name: .customLong("sawayaka-poll-minutes"), help: "Minutes between feed reads, 1–1440.")
    var sawayakaPollMinutes: Int = 5

    @Option(name: .customLong("max-import-size"), help: "Largest Apple Health / CSV upload, in MiB, 1–1048576.")
    var maxImportMiB: Int = 4096

    @Option(name: .customLong("header-timeout"), help: "Seconds a client may take to send a request's headers (env KIROKU_HEADER_TIMEOUT).")
    var headerTimeout: Double = Self.environmentNumber("KIROKU_HEADER_TIMEOUT") ?? 10

    @Option(name: .customLong("body-timeout"), help: "Longest pause, in seconds, inside a request body (env KIROKU_BODY_TIMEOUT).")
    var bodyTimeout: Double = Self.environmentNumber("KIROKU_BODY_TIMEOUT") ?? 30

    @Option(name: .customLong("idle-timeout"), help: "Seconds an open connection may wait for its next request (env KIROKU_IDLE_TIMEOUT).")
    var idleTimeout: Double = Self.environmentNumber("KIROKU_IDLE_TIMEOUT") ?? 60

    @Option(name: .customLong("max-connections"), help: "Most open connections (env KIROKU_MAX_CONNECTIONS; lowered to fit a low open-file limit unless given).")
    var maxConnections: Int = Self.environmentNumber("KIROKU_MAX_CONNECTIONS").map { Int(exactly: $0) ?? 0 } ?? ConnectionLimits.defaultMaxConnections()

    @Flag(name: .customLong("allow-private-webhooks"), help: "Let wait-alert webhooks reach loopback and private networks, e.g. an ntfy on your LAN (env KIROKU_ALLOW_PRIVATE_WEBHOOKS=1).")
    var allowPrivateWebhooks = ProcessInfo.processInfo.environment["KIROKU_ALLOW_PRIVATE_WEBHOOKS"] == "1"

    @Option(name: .customLong("public-url"), help: "The address people reach the server at, e.g. https://kiroku.example, for a reminder's \"record now\" link (env KIROKU_PUBLIC_URL; default: the listening address).")
    var publicURL: String?

    @Option(name: .customLong("sign-up-limit"), help: "New accounts per client address per hour, from the sign-up page, Sign in with Apple and new BulkTrack devices together; 0 closes sign-up, leaving kiroku user create (env KIROKU_SIGN_UP_LIMIT).")
    var signUpLimit: Int = ProcessInfo.processInfo.environment["KIROKU_SIGN_UP_LIMIT"].map { Int($0) ?? -1 } ?? AccountService.defaultSignUpsPerHour

    @Option(name: .customLong("share-card-renders"), help: "Share-card drawings per account per minute; cached cards are always served.")
    var shareCardRenders: Int = AppConfiguration().shareCardRendersPerMinute

    @Option(name: .customLong("backup-dir"), help: "Take backups on a schedule into this folder (prefer another disk); see kiroku backup.")
    var backupDirectory: String?

    @Option(name: .customLong("backup-every"), help: "How often: 30m, 6h, 24h, 7d.")
    var backupEvery: BackupInterval = BackupInterval(seconds: 24 * 3600)

    @Option(name: .customLong("backup-keep"), help: "How many backups to keep.")
    var backupKeep: Int = 7

    @Option(name: .customLong("backup-passphrase-file"), help: "Seal every backup with the passphrase in this file (or set KIROKU_BACKUP_PASSPHRASE).")
    var backupPassphraseFile: String?

    @Option(name: .customLong("apple-jwks"), help: "Sign in with Apple for the BulkTrack app: Apple's signing keys as a JWKS file, saved from https://appleid.apple.com/auth/keys (env KIROKU_APPLE_JWKS).")
    var appleJWKS: String?

    @Option(name: .customLong("apple-audience"), help: "With --apple-jwks: a client id (the app's bundle id or Services ID) Apple identity tokens may be issued to; repeatable (env KIROKU_APPLE_AUDIENCES, comma-separated).")
    var appleAudiences: [String] = []

    @Option(name: .customLong("trusted-proxy"), help: "Address of a reverse proxy in front of Kiroku (repeatable; env KIROKU_TRUSTED_PROXIES, comma-separated): its X-Forwarded-For names the client that sign-in and sign-up limits count, with --gateway-only too.")
    var trustedProxies: [String] = []

    static func environmentNumber(_ name: String) -> Double? {
        ProcessInfo.processInfo.environment[name].flatMap(Double.init)
    }

    /// The flag, else the environment (an optional @Option cannot take an environment default itself).
    var tlsFiles: (certificate: String?, key: String?) {
        let environment = ProcessInfo.processInfo.environment
        return (tlsCertificate ?? environment["KIROKU_TLS_CERTIFICATE"], tlsKey ?? environment["KIROKU_TLS_KEY"])
    }

    /// 1 TiB: far above any export, and `<< 20` of it stays far inside Int.
    static let maxImportMiBLimit = 1 << 20

    func validate() throws {
        try PortOption.validate(port, option: "--port", environment: "KIROKU_PORT")
        try KafkaOptionArguments.validate(kafkaOptions)
        guard gatewayMaxSamples > 0, gatewayRate > 0, gatewayMaxBody > 0, gatewayOutboxLimit > 0 else {
            throw ValidationError("Gateway limits must be positive. / ゲートウェイの上限は正の数で指定してください。")
        }
        guard [headerTimeout, bodyTimeout, idleTimeout].allSatisfy({ $0 > 0 && $0 <= 86_400 }), maxConnections > 0 else {
            throw ValidationError("Timeouts must be 0–86400 s and --max-connections positive. / タイムアウトは 0〜86400 秒、--max-connections は正の数で指定してください。")
        }
        _ = try PublicURLOption.value(publicURL)
        guard (1...1_440).contains(sawayakaPollMinutes) else {
            throw ValidationError("--sawayaka-poll-minutes must be 1–1440. / --sawayaka-poll-minutes は 1〜1440 で指定してください。")
        }
        guard (1...Self.maxImportMiBLimit).contains(maxImportMiB) else {
            throw ValidationError("--max-import-size must be 1–\(Self.maxImportMiBLimit) MiB. / --max-import-size は 1〜\(Self.maxImportMiBLimit) MiB で指定してください。")
        }
        guard signUpLimit >= 0 else {
            throw ValidationError(
                "--sign-up-limit (KIROKU_SIGN_UP_LIMIT) must be a whole number, 0 (sign-up closed) or more. / --sign-up-limit（KIROKU_SIGN_UP_LIMIT）は 0（新規登録を受け付けない）以上の整数で指定してください。"
            )
        }
        guard shareCardRenders > 0 else {
            throw ValidationError("--share-card-renders must be positive. / --share-card-renders は正の数で指定してください。")
        }
        guard backupKeep > 0 else {
            throw ValidationError("--backup-keep must be positive. / --backup-keep は正の数で指定してください。")
        }
        if gatewayOnly {
            guard brokers != nil, gatewayKeyFile != nil else {
                throw ValidationError("--gateway-only needs --kafka-brokers and --gateway-keys. / --gateway-only には --kafka-brokers と --gateway-keys が必要です。")
            }
            guard kafkaDeliveryTimeout > 0, kafkaDeliveryTimeout <= 3_600 else {
                throw ValidationError("--kafka-delivery-timeout must be 0–3600 s. / --kafka-delivery-timeout は 0〜3600 秒で指定してください。")
            }
        }
        _ = try appleSignInSettings()
        var proxies = AppConfiguration(port: 0)
        try applyTrustedProxies(to: &proxies)
        guard (tlsFiles.certificate == nil) == (tlsFiles.key == nil) else {
            throw ValidationError("--tls-certificate and --tls-key go together. / --tls-certificate と --tls-key は両方指定してください。")
        }
    }

    func run() async throws {
        var configuration = AppConfiguration(
            host: host, port: port, dataDirectory: data.directoryURL, logLevel: logLevel, logFormat: logFormat,
            logPersonalData: logPersonalData, behindHTTPSProxy: secureCookies,
            tls: tlsFiles.certificate.flatMap { certificate in
                tlsFiles.key.map { AppConfiguration.TLSFiles(certificateChainPath: certificate, privateKeyPath: $0) }
            }
        )
        configuration.gateway.maxSamplesPerRequest = gatewayMaxSamples
        configuration.gateway.requestsPerMinute = gatewayRate
        configuration.gateway.maxBodyBytes = gatewayMaxBody
        configuration.gateway.outboxLimit = gatewayOutboxLimit
        configuration.sawayakaFeedURL = sawayakaFeedURL ?? ProcessInfo.processInfo.environment["KIROKU_SAWAYAKA_FEED_URL"]
        configuration.sawayakaPollMinutes = sawayakaPollMinutes
        configuration.maxImportUploadBytes = maxImportMiB << 20
        configuration.connections = ConnectionLimits(
            headerTimeout: .seconds(headerTimeout), bodyTimeout: .seconds(bodyTimeout), idleTimeout: .seconds(idleTimeout), maxConnections: maxConnections
        )
        configuration.allowPrivateWebhooks = allowPrivateWebhooks
        configuration.publicURL = try PublicURLOption.value(publicURL)
        configuration.shareCardRendersPerMinute = shareCardRenders
        configuration.signUpsPerHour = signUpLimit
        configuration.appleSignIn = try appleSignInSettings()
        try applyTrustedProxies(to: &configuration)
        if let backupDirectory {
            configuration.backups = BackupSchedule(
                directory: URL(fileURLWithPath: backupDirectory), interval: .seconds(backupEvery.seconds), keep: backupKeep,
                passphrase: try backupPassphrase()
            )
        }
        LogBootstrap.install(format: configuration.logFormat, level: configuration.logLevel, logPersonalData: configuration.logPersonalData)
        let logger = Logger(label: "kiroku")
        if gatewayOnly, let brokers, let gatewayKeyFile {
            let settings = GatewayOnlySettings(
                brokers: brokers, topic: kafkaTopic, keyFile: gatewayKeyFile, deliveryTimeout: .milliseconds(Int64(kafkaDeliveryTimeout * 1_000)),
                properties: kafkaProperties
            )
            logger.info("starting", metadata: ["mode": "gateway-only", "address": "\(host):\(port)", "scheme": "\(configuration.tls == nil ? "http" : "https")"])
            do {
                try await runGatewayOnlyApplication(configuration: configuration, settings: settings, logger: logger)
            } catch let error as GatewayKeyFileError {
                throw CLIError(error.message)
            } catch let error as ListenFailure {
                throw CLIError(error.message)
            }
            return
        }
        // Lock first: a second server must not even run migrations on a database another one is serving.
        try data.makeDirectory()
        try DataDirectory.prepare(configuration.dataDirectory, logger: logger)
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(directory: configuration.dataDirectory)
        } catch let error as DataDirectoryLock.AlreadyLocked {
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            throw ExitCode(3)
        }
        let database = try data.openDatabase(durableCommits: durableCommits)
        logger.info("starting", metadata: [
            "data_dir": "\(configuration.dataDirectory.path)", "address": "\(host):\(port)", "scheme": "\(configuration.tls == nil ? "http" : "https")",
        ])
        if let brokers {
            configuration.kafka = KafkaSettings(
                brokers: brokers, topic: kafkaTopic, positionTopic: kafkaPositionTopic,
                transactionalId: try kafkaTransactionalId ?? KafkaTransactionalId.load(dataDirectory: configuration.dataDirectory),
                properties: kafkaProperties
            )
        }
        do {
            try await runApplication(configuration: configuration, dependencies: AppDependencies(database: database), logger: logger)
        } catch let error as ListenFailure {
            throw CLIError(error.message)
        }
        withExtendedLifetime(lock) {}
    }
}

extension Serve {
    /// The scheduled backups' passphrase: from its file (first line), else KIROKU_BACKUP_PASSPHRASE, else none.
    func backupPassphrase() throws -> String? {
        if let backupPassphraseFile {
            guard let text = try? String(contentsOfFile: backupPassphraseFile, encoding: .utf8),
                  let line = text.split(separator: "\n").first.map(String.init), !line.isEmpty
            else { throw ValidationError("Cannot read a passphrase from \(backupPassphraseFile). / \(backupPassphraseFile) からパスフレーズを読めません。") }
            return line
        }
        return ProcessInfo.processInfo.environment["KIROKU_BACKUP_PASSPHRASE"].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// "30m", "6h", "24h", "7d" (or seconds, "90s"): how often scheduled backups run.
struct BackupInterval: ExpressibleByArgument, Sendable {
    let seconds: Int64

    init(seconds: Int64) {
        self.seconds = seconds
    }

    /// As the option is typed (24h, 7d, 30m), for the default that `--help` shows.
    var defaultValueDescription: String {
        if seconds > 86_400, seconds % 86_400 == 0 { return "\(seconds / 86_400)d" }
        if seconds % 3_600 == 0 { return "\(seconds / 3_600)h" }
        if seconds % 60 == 0 { return "\(seconds / 60)m" }
        return "\(seconds)s"
    }

    init?(argument: String) {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Int64(argument.dropLast()), count > 0, count <= 3_650 * 86_400 / unit else {
            return nil
        }
        seconds = count * unit
    }
}
