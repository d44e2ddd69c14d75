import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOSSL
import Logging
import Storage

/// What the application is built from; tests hand in their own (temporary database, cheap bcrypt).
public struct AppDependencies: Sendable {
    public var database: AppDatabase
    public var metrics: AppMetrics
    public var hasher: PasswordHasher
    public var rateLimiter: LoginRateLimiter

    public init(database: AppDatabase, metrics: AppMetrics = AppMetrics(), hasher: PasswordHasher = PasswordHasher(), rateLimiter: LoginRateLimiter = LoginRateLimiter()) {
        self.database = database
        self.metrics = metrics
        self.hasher = hasher
        self.rateLimiter = rateLimiter
    }
}

/// Builds the whole application from its dependencies.
public func buildApplication(
    configuration: AppConfiguration,
    dependencies: AppDependencies,
    logger: Logger
) async throws -> some ApplicationProtocol {
    let router = try await buildRouter(configuration: configuration, dependencies: dependencies)
    return Application(
        router: router,
        server: try serverBuilder(tls: configuration.tls),
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Kiroku"),
        logger: logger
    )
}

/// HTTP/1.1, inside TLS when certificate files are given.
func serverBuilder(tls: AppConfiguration.TLSFiles?) throws -> HTTPServerBuilder {
    guard let tls else { return .http1() }
    let chain = try NIOSSLCertificate.fromPEMFile(tls.certificateChainPath).map { NIOSSLCertificateSource.certificate($0) }
    let key = try NIOSSLPrivateKey(file: tls.privateKeyPath, format: .pem)
    return try .tls(.http1(), tlsConfiguration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
}

func buildRouter(configuration: AppConfiguration, dependencies: AppDependencies) async throws -> Router<AppRequestContext> {
    let database = dependencies.database
    let pages = try await WebRenderer()
    let accounts = AccountService(database: database, hasher: dependencies.hasher, rateLimiter: dependencies.rateLimiter)
    let records = HealthRecordService(database: database)
    let summaries = SummaryService(database: database)
    let exporter = DataExporter(database: database)
    let csrf = CSRFProtection(secureCookies: configuration.secureCookies)
    let imports = ImportService(database: database, dataDirectory: configuration.dataDirectory, maxUploadBytes: configuration.maxImportUploadBytes)
    Task { await imports.resumeUnfinished(logger: Logger(label: "kiroku.import")) }

    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: dependencies.metrics))
    router.add(middleware: AuthenticationMiddleware(accounts: accounts))
    router.add(middleware: LanguageMiddleware())
    router.add(middleware: ErrorMiddleware(pages: pages))

    HealthCheckController().addRoutes(to: router)
    OperationsController(metrics: dependencies.metrics).addRoutes(to: router)

    let api = router.group("api/v1")
    RecordsAPIController(records: records, metrics: dependencies.metrics).addRoutes(to: api)
    SummariesAPIController(summaries: summaries).addRoutes(to: api)
    MetricsCatalogAPIController().addRoutes(to: api)
    AccountAPIController(accounts: accounts, exporter: exporter).addRoutes(to: api)
    ImportsAPIController(imports: imports).addRoutes(to: api)
    HealthAutoExportAPIController(accounts: accounts, ingest: HealthAutoExportIngest(database: database)).addRoutes(to: api)

    AuthWebController(accounts: accounts, pages: pages, csrf: csrf, metrics: dependencies.metrics).addRoutes(to: router)
    DashboardWebController(summaries: summaries, pages: pages, csrf: csrf).addRoutes(to: router)
    RecordsWebController(records: records, pages: pages, csrf: csrf, metrics: dependencies.metrics).addRoutes(to: router)
    SettingsWebController(accounts: accounts, exporter: exporter, pages: pages, csrf: csrf).addRoutes(to: router)
    ImportsWebController(imports: imports, pages: pages, csrf: csrf).addRoutes(to: router)
    return router
}
