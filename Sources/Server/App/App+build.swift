import Foundation
import Hummingbird
import Logging
import Storage

/// The request context every Kiroku route sees.
public typealias AppRequestContext = BasicRequestContext

/// Builds the whole application from its dependencies, so tests can hand in a temporary database.
public func buildApplication(
    configuration: AppConfiguration,
    database: AppDatabase,
    logger: Logger
) -> some ApplicationProtocol {
    let router = buildRouter(database: database)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "Kiroku"),
        logger: logger
    )
}

func buildRouter(database: AppDatabase) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    HealthCheckController().addRoutes(to: router)
    return router
}
