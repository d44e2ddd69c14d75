import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL
import ServiceLifecycle
import Services
import Storage
import Webhooks

/// What the application is built from; tests hand in their own (temporary database, cheap bcrypt).
public struct AppDependencies: Sendable {
    public var database: AppDatabase
    public var metrics: AppMetrics
    public var hasher: PasswordHasher
    public var rateLimiter: LoginRateLimiter
    /// The one clock: every request's `now`, the wait-time system's opening hours and staleness, import recovery.
    /// Tests pin it to a known instant.
    public var clock: @Sendable () -> Date = { Date() }

    public init(database: AppDatabase, metrics: AppMetrics = AppMetrics(), hasher: PasswordHasher = PasswordHasher(), rateLimiter: LoginRateLimiter = LoginRateLimiter()) {
        self.database = database
        self.metrics = metrics
        self.hasher = hasher
        self.rateLimiter = rateLimiter
    }
}

/// Builds the whole application from its dependencies: the router, and every long-running part as a service of the
/// application's group (the Kafka producer and relay, the wait-time feed poller), so graceful shutdown stops the
/// server first and then each of them in reverse order. Interrupted imports resume before the server starts.
public func buildApplication(
    configuration: AppConfiguration,
    dependencies: AppDependencies,
    logger: Logger
) async throws -> some ApplicationProtocol {
    let imports = ImportService(
        database: dependencies.database, dataDirectory: configuration.dataDirectory, maxUploadBytes: configuration.maxImportUploadBytes,
        clock: dependencies.clock
    )
    let sync = SyncScheduler(
        agent: SyncAgentService(database: dependencies.database, dataDirectory: configuration.dataDirectory, clock: dependencies.clock),
        database: dependencies.database, dataDirectory: configuration.dataDirectory, tick: configuration.syncTick, clock: dependencies.clock
    )
    let router = try await buildRouter(configuration: configuration, dependencies: dependencies, imports: imports, sync: sync)
    let limits = configuration.connections
    var application = Application(
        router: router,
        server: try serverBuilder(tls: configuration.tls, limits: limits),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Kiroku",
            availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections, logger: logger)
        ),
        services: try kafkaServices(configuration: configuration, database: dependencies.database, logger: logger)
            + (try waitTimeServices(configuration: configuration, dependencies: dependencies, logger: logger))
            + [ReminderScheduler(
                reminders: ReminderService(
                    database: dependencies.database, webhooks: configuration.webhookSender, publicURL: configuration.resolvedPublicURL,
                    secrets: SecretBox(dataDirectory: configuration.dataDirectory)
                ),
                clock: dependencies.clock, logger: Logger(label: "kiroku.reminders")
            )]
            + [imports.runner, sync]
            + backupServices(configuration: configuration, dependencies: dependencies, logger: logger),
        logger: logger
    )
    let startedAt = dependencies.clock()
    application.beforeServerStarts {
        await imports.recover(startedAt: startedAt, logger: Logger(label: "kiroku.import"))
    }
    return application
}

func backupServices(configuration: AppConfiguration, dependencies: AppDependencies, logger: Logger) -> [any Service] {
    guard let schedule = configuration.backups else { return [] }
    let backups = BackupService(database: dependencies.database, dataDirectory: configuration.dataDirectory)
    var logger = logger
    logger[metadataKey: "component"] = "backup"
    return [BackupScheduler(schedule: schedule, backups: backups, clock: dependencies.clock, logger: logger)]
}

/// Builds the application and runs it until SIGTERM or SIGINT: what `kiroku serve` calls.
public func runApplication(configuration: AppConfiguration, dependencies: AppDependencies, logger: Logger) async throws {
    let application = try await buildApplication(configuration: configuration, dependencies: dependencies, logger: logger)
    try await translatingListenFailures(host: configuration.host, port: configuration.port) { try await application.runService() }
}

/// HTTP/1.1 with the connection limits, inside TLS when certificate files are given.
func serverBuilder(tls: AppConfiguration.TLSFiles?, limits: ConnectionLimits) throws -> HTTPServerBuilder {
    let http1 = HTTPServerBuilder.guardedHTTP1(limits: limits, registry: ConnectionRegistry(capacity: limits.maxConnections))
    guard let tls else { return http1 }
    let chain = try NIOSSLCertificate.fromPEMFile(tls.certificateChainPath).map { NIOSSLCertificateSource.certificate($0) }
    let key = try NIOSSLPrivateKey(file: tls.privateKeyPath, format: .pem)
    return try .tls(http1, tlsConfiguration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key)))
}

extension AppConfiguration {
    /// What sends wait-alert webhooks, with the address rule this server was started with.
    var webhookSender: AlertWebhookSender {
        AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: allowPrivateWebhooks))
    }
}

func buildRouter(configuration: AppConfiguration, dependencies: AppDependencies, imports: ImportService, sync: SyncScheduler) async throws -> Router<AppRequestContext> {
    let database = dependencies.database
    let pages = try await WebRenderer()
    let accounts = AccountService(
        database: database, hasher: dependencies.hasher, rateLimiter: dependencies.rateLimiter,
        signUpLimiter: AccountService.makeSignUpLimiter(perHour: configuration.signUpsPerHour),
        files: UserFiles(dataDirectory: configuration.dataDirectory)
    )
    let records = HealthRecordService(database: database)
    let summaries = SummaryService(database: database)
    let insights = InsightsService(database: database)
    let secrets = SecretBox(dataDirectory: configuration.dataDirectory)
    let exporter = DataExporter(database: database, secrets: secrets)
    let csrf = CSRFProtection(secureCookies: configuration.secureCookies)

    let router = Router(context: AppRequestContext.self)
    router.addRequestBasics(clock: dependencies.clock, trustedProxies: configuration.trustedProxies, metrics: dependencies.metrics)
    router.add(middleware: AuthenticationMiddleware(accounts: accounts))
    router.add(middleware: LanguageMiddleware())
    router.add(middleware: OutboxOwnerMiddleware(secrets: secrets))
    router.add(middleware: ErrorMiddleware(pages: pages))
    let knownRoutes = MethodNotAllowedMiddleware.RouteTable()
    router.add(middleware: MethodNotAllowedMiddleware(table: knownRoutes))
    // Inside the error middleware: FileMiddleware answers what the router did not find (a 404 it catches) from the
    // bundle's Public folder, and only under /static.
    if let folder = OperationsController.publicFolder {
        router.add(middleware: FileMiddleware(
            folder, urlBasePath: "/static", cacheControl: .init([(MediaType(type: .any), [.public, .maxAge(3600)])]),
            logger: Logger(label: "kiroku.static")
        ))
    }

    // Public: health, metrics, the API document, the metric catalog, the さわやか store API (its writes check the
    // operator token), and the endpoints that carry their own credentials (gateway keys, Health Auto Export, devices).
    router.addRoutes(HealthCheckController().endpoints)
    router.addRoutes(OperationsController(metrics: dependencies.metrics, outbox: configuration.gateway.kafkaEnabled ? SQLiteOutbox(database: database) : nil).endpoints)
    let waitTimes = WaitTimeService(database: database, webhooks: configuration.webhookSender, secrets: secrets, now: dependencies.clock)
    let inbox = InboxService(database: database)
    router.addRoutes(MetricsCatalogAPIController().endpoints, atPath: "api/v1")
    router.addRoutes(StoresAPIController(service: waitTimes).endpoints, atPath: "api")
    router.addRoutes(GatewayAPIController(
        backend: StoringGatewayBackend(ingestion: GatewayIngestService(database: database, settings: configuration.gateway), accounts: accounts),
        limiter: SlidingWindowLimiter(limit: configuration.gateway.requestsPerMinute, window: 60), metrics: dependencies.metrics
    ).endpoints, atPath: "api/v1")
    router.addRoutes(HealthAutoExportAPIController(ingest: HealthAutoExportIngest(database: database), uploads: imports).endpoints, atPath: "api/v1")

    // The JSON API for signed-in clients: a bearer token (or a session cookie, for reads); 401 in the JSON shape.
    let api = router.group("api").add(middleware: APISignInGuard())
    api.addRoutes(RecordsAPIController(records: records, metrics: dependencies.metrics).endpoints, atPath: "v1")
    api.addRoutes(SummariesAPIController(summaries: summaries).endpoints, atPath: "v1")
    api.addRoutes(TrendsAPIController(insights: insights).endpoints, atPath: "v1")
    api.addRoutes(InsightsAPIController(insights: insights).endpoints, atPath: "v1")
    api.addRoutes(ReportsAPIController(insights: insights).endpoints, atPath: "v1")
    api.addRoutes(AccountAPIController(accounts: accounts, exporter: exporter).endpoints, atPath: "v1")
    api.addRoutes(TaskStepsAPIController(service: TaskStepsService(database: database), exporter: TaskExporter(database: database)).endpoints, atPath: "v1")
    api.addRoutes(ImportsAPIController(imports: imports).endpoints, atPath: "v1")
    let workoutRoutes = WorkoutRouteService(database: database)
    api.addRoutes(WorkoutRouteAPIController(routes: workoutRoutes).endpoints, atPath: "v1")
    api.addRoutes(WaitAlertsAPIController(service: waitTimes, inboxService: inbox).endpoints)
    let motivation = MotivationService(
        database: database,
        shareCards: ShareCardCache(files: UserFiles(dataDirectory: configuration.dataDirectory), rendersPerMinute: configuration.shareCardRendersPerMinute)
    )
    api.addRoutes(MotivationAPIController(motivation: motivation, metrics: dependencies.metrics).endpoints, atPath: "v1")
    api.addRoutes(GoalsAPIController(motivation: motivation).endpoints, atPath: "v1")
    let reminders = RemindersController(reminders: ReminderService(
        database: database, webhooks: configuration.webhookSender, publicURL: configuration.resolvedPublicURL, secrets: secrets
    ))
    api.addRoutes(reminders.apiEndpoints, atPath: "v1")
    router.addRoutes(reminders.feedEndpoints)
    let address = PublicAddress(
        publicURL: configuration.publicURL.map { _ in configuration.resolvedPublicURL }, servesHTTPS: configuration.secureCookies
    )
    let shareLinks = ShareLinksController(motivation: motivation, pages: pages, csrf: csrf, metrics: dependencies.metrics, address: address)
    api.addRoutes(shareLinks.apiEndpoints, atPath: "v1")
    router.addRoutes(shareLinks.publicEndpoints)

    // Workouts: the BulkTrack phone app's API, unchanged, under /v1 (its own device tokens and error shape).
    let workouts = WorkoutService(database: database)
    let devices = DeviceAuthService(database: database, signUpLimiter: accounts.signUpLimiter)
    let apple = AppleSignInService(
        database: database, settings: configuration.appleSignIn, rateLimiter: dependencies.rateLimiter, signUpLimiter: accounts.signUpLimiter
    )
    router.addRoutes(DeviceAuthAPIController(devices: devices, apple: apple).endpoints, atPath: "v1")
    router.group("v1").add(middleware: BulkTrackAuthMiddleware(devices: devices, accounts: accounts)).addRoutes(WorkoutsAPIController(workouts: workouts).endpoints)

    // Web pages: every unsafe method passes the CSRF guard; signed-in pages also the sign-in guard, set once here.
    let web = router.group().add(middleware: CSRFMiddleware(csrf: csrf))
        .add(middleware: InboxCountMiddleware(inbox: inbox))
    let signedIn = router.group().add(middleware: SignInGuard()).add(middleware: CSRFMiddleware(csrf: csrf))
        .add(middleware: InboxCountMiddleware(inbox: inbox))
        .add(middleware: CelebrationMiddleware(motivation: motivation))
    let auth = AuthWebController(accounts: accounts, pages: pages, csrf: csrf, metrics: dependencies.metrics)
    let sawayaka = WaitTimesWebController(service: waitTimes, inboxService: inbox, pages: pages, csrf: csrf)
    let importPages = ImportsWebController(imports: imports, pages: pages, csrf: csrf)
    web.addRoutes(auth.publicEndpoints)
    web.addRoutes(sawayaka.publicEndpoints)
    web.addRoutes(OfflineAppController(pages: pages, csrf: csrf).endpoints)
    signedIn.addRoutes(DashboardWebController(
        summaries: summaries, records: records, motivation: motivation, insights: insights, pages: pages, csrf: csrf
    ).endpoints)
    signedIn.addRoutes(MoreWebController(pages: pages).endpoints)
    signedIn.addRoutes(TrendsWebController(insights: insights, pages: pages).endpoints)
    signedIn.addRoutes(InsightsWebController(insights: insights, pages: pages).endpoints)
    signedIn.addRoutes(AnomalyWebController(insights: insights).endpoints)
    signedIn.addRoutes(ReportsWebController(insights: insights, pages: pages).endpoints)
    signedIn.addRoutes(RecordsWebController(records: records, imports: imports, pages: pages, csrf: csrf, metrics: dependencies.metrics).endpoints)
    signedIn.addRoutes(SettingsWebController(accounts: accounts, exporter: exporter, pages: pages, csrf: csrf).endpoints)
    signedIn.addRoutes(TaskStepsWebController(tasks: TaskStepsService(database: database), pages: pages, csrf: csrf).endpoints)
    signedIn.addRoutes(SyncSettingsWebController(
        pages: pages, files: UserFiles(dataDirectory: configuration.dataDirectory), servesHTTPS: configuration.secureCookies,
        agent: sync.agent, scheduler: sync, csrf: csrf
    ).endpoints)
    signedIn.addRoutes(sawayaka.endpoints)
    signedIn.addRoutes(WorkoutsWebController(workouts: workouts, pages: pages, csrf: csrf).endpoints)
    signedIn.addRoutes(WorkoutsSettingsWebController(workouts: workouts, pages: pages, csrf: csrf, uploads: imports).endpoints)
    signedIn.addRoutes(CustomExerciseWebController(workouts: workouts, pages: pages, csrf: csrf).endpoints)
    signedIn.addRoutes(importPages.endpoints)
    signedIn.addRoutes(HealthWorkoutsWebController(routes: workoutRoutes, pages: pages).endpoints)
    signedIn.addRoutes(MotivationWebController(motivation: motivation, pages: pages, csrf: csrf).endpoints)
    signedIn.addRoutes(GoalsWebController(motivation: motivation, pages: pages, csrf: csrf).endpoints)
    signedIn.addRoutes(shareLinks.webEndpoints)
    signedIn.addRoutes(RemindersWebController(reminders: reminders.reminders, motivation: motivation, pages: pages, csrf: csrf, address: address).endpoints)
    knownRoutes.fill(router.routes)
    return router
}
