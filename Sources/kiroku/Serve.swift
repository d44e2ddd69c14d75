import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Server
import Storage

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension AppConfiguration.LogFormat: ExpressibleByArgument {}

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Kiroku server (web app, JSON API, metrics).")

    @OptionGroup var data: DataOptions

    @Option(help: "Address to listen on (env KIROKU_HOST).")
    var host: String = ProcessInfo.processInfo.environment["KIROKU_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on (env KIROKU_PORT).")
    var port: Int = Int(ProcessInfo.processInfo.environment["KIROKU_PORT"] ?? "") ?? 8080

    @Option(name: .customLong("log-format"), help: "json or text (env KIROKU_LOG_FORMAT).")
    var logFormat: AppConfiguration.LogFormat = AppConfiguration.LogFormat(rawValue: ProcessInfo.processInfo.environment["KIROKU_LOG_FORMAT"] ?? "") ?? .text

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical (env KIROKU_LOG_LEVEL).")
    var logLevel: Logger.Level = Logger.Level(rawValue: ProcessInfo.processInfo.environment["KIROKU_LOG_LEVEL"] ?? "") ?? .info

    @Flag(name: .customLong("log-pii"), help: "Log personal data unredacted. For development only.")
    var logPersonalData = false

    @Flag(name: .customLong("secure-cookies"), help: "Mark cookies Secure behind an HTTPS proxy (env KIROKU_SECURE_COOKIES=1). Implied by --tls-certificate.")
    var secureCookies = ProcessInfo.processInfo.environment["KIROKU_SECURE_COOKIES"] == "1"

    @Option(name: .customLong("tls-certificate"), help: "PEM certificate chain: serve HTTPS (env KIROKU_TLS_CERTIFICATE).")
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: "PEM private key for --tls-certificate (env KIROKU_TLS_KEY).")
    var tlsKey: String?

    @Option(name: .customLong("max-import-size"), help: "Largest Apple Health / CSV upload, in MiB (default 4096).")
    var maxImportMiB: Int = 4096

    /// The flag, else the environment (an optional @Option cannot take an environment default itself).
    var tlsFiles: (certificate: String?, key: String?) {
        let environment = ProcessInfo.processInfo.environment
        return (tlsCertificate ?? environment["KIROKU_TLS_CERTIFICATE"], tlsKey ?? environment["KIROKU_TLS_KEY"])
    }

    func validate() throws {
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
        configuration.maxImportUploadBytes = maxImportMiB << 20
        LoggingSetup.bootstrap(configuration)
        let logger = Logger(label: "kiroku")
        // Lock first: a second server must not even run migrations on a database another one is serving.
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let lock: DataDirectoryLock
        do {
            lock = try DataDirectoryLock(directory: configuration.dataDirectory)
        } catch let error as DataDirectoryLock.AlreadyLocked {
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            throw ExitCode(3)
        }
        let database = try data.openDatabase()
        logger.info("starting", metadata: [
            "data_dir": "\(configuration.dataDirectory.path)", "address": "\(host):\(port)", "scheme": "\(configuration.tls == nil ? "http" : "https")",
        ])
        let app = try await buildApplication(configuration: configuration, dependencies: AppDependencies(database: database), logger: logger)
        try await app.runService()
        withExtendedLifetime(lock) {}
    }
}
