import Foundation
import Logging
import ServiceLifecycle
import Services

/// The background services of the wait-time system the application runs beside the HTTP server: the feed poller,
/// when a feed URL is configured.
func waitTimeServices(configuration: AppConfiguration, dependencies: AppDependencies, logger: Logger) throws -> [any Service] {
    guard let url = configuration.sawayakaFeedURL else { return [] }
    let service = WaitTimeService(
        database: dependencies.database, webhooks: configuration.webhookSender,
        secrets: SecretBox(dataDirectory: configuration.dataDirectory), now: dependencies.clock
    )
    return [WaitTimeFeedPoller(url: url, interval: .seconds(max(1, configuration.sawayakaPollMinutes) * 60), service: service, logger: logger)]
}
