import Foundation
import Hummingbird
import Webhooks

extension Router where Context == AppRequestContext {
    /// The middleware both servers begin with, the full one and `--gateway-only` alike, so neither can lose one: the
    /// request's instant from the one clock, then the client a trusted proxy names (before anything logs, limits or
    /// stores an address), then the request's log line and metrics.
    func addRequestBasics(clock: @escaping @Sendable () -> Date, trustedProxies: Set<IPAddress>, metrics: AppMetrics) {
        add(middleware: RequestClockMiddleware(clock: clock))
        if !trustedProxies.isEmpty { add(middleware: ForwardedClientMiddleware(trustedProxies: trustedProxies)) }
        add(middleware: RequestLogMiddleware())
        add(middleware: RequestMetricsMiddleware(metrics: metrics))
    }
}
