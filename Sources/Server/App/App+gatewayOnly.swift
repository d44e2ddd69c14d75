import EventStream
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import ServiceLifecycle
import Services

/// The stateless gateway (`kiroku serve --gateway-only`): `GET /health`, `/metrics`, `/openapi.yaml` and the phone
/// app's `POST /api/v1/health-data/`, nothing else; no database, no web pages. Its one service is the Kafka
/// publisher, so on SIGTERM the server stops taking requests, then the producer flushes what is in flight.
public func buildGatewayOnlyApplication(
    configuration: AppConfiguration, settings: GatewayOnlySettings, metrics: AppMetrics = AppMetrics(), logger: Logger
) async throws -> some ApplicationProtocol {
    let keys = try GatewayKeyring(path: settings.keyFile, logger: logger)
    let producer = try KafkaProducer(configuration: .init(bootstrapServers: settings.brokers, options: settings.producerProperties), logger: logger)
    let publisher = KafkaBatchPublisher(producer: producer, topic: settings.topic)
    let forwarding = GatewayForwardService(
        settings: configuration.gateway, publisher: publisher, topic: settings.topic, deliveryTimeout: settings.deliveryTimeout, logger: logger
    )

    let router = buildGatewayOnlyRouter(
        configuration: configuration, backend: ForwardingGatewayBackend(forwarding: forwarding, keys: keys), metrics: metrics,
        pages: try await WebRenderer()
    )
    logger.info("stateless gateway publishing to kafka", metadata: [
        "brokers": "\(settings.brokers)", "topic": "\(settings.topic)", "key_file": "\(settings.keyFile)",
    ])
    let limits = configuration.connections
    return Application(
        router: router,
        server: try serverBuilder(tls: configuration.tls, limits: limits),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "Kiroku",
            availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections, logger: logger)
        ),
        services: [publisher],
        logger: logger
    )
}

/// The stateless gateway's routes behind the same front middleware as the full server's (`addRequestBasics`).
func buildGatewayOnlyRouter(
    configuration: AppConfiguration, backend: ForwardingGatewayBackend, metrics: AppMetrics, pages: WebRenderer
) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.addRequestBasics(clock: { Date() }, trustedProxies: configuration.trustedProxies, metrics: metrics)
    router.add(middleware: LanguageMiddleware())
    router.add(middleware: ErrorMiddleware(pages: pages))
    let knownRoutes = MethodNotAllowedMiddleware.RouteTable()
    router.add(middleware: MethodNotAllowedMiddleware(table: knownRoutes))
    router.addRoutes(HealthCheckController().endpoints)
    router.addRoutes(OperationsController(metrics: metrics, outbox: nil).endpoints)
    router.addRoutes(GatewayAPIController(
        backend: backend, limiter: SlidingWindowLimiter(limit: configuration.gateway.requestsPerMinute, window: 60), metrics: metrics
    ).endpoints, atPath: "api/v1")
    knownRoutes.fill(router.routes)
    return router
}

/// Builds the stateless gateway and runs it until SIGTERM or SIGINT.
public func runGatewayOnlyApplication(configuration: AppConfiguration, settings: GatewayOnlySettings, logger: Logger) async throws {
    let application = try await buildGatewayOnlyApplication(configuration: configuration, settings: settings, logger: logger)
    try await translatingListenFailures(host: configuration.host, port: configuration.port) { try await application.runService() }
}
