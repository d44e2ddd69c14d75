import Foundation
import Hummingbird
import Prometheus

/// Kiroku's Prometheus registry and the domain counters beside the HTTP ones.
/// One instance per application, so tests see only their own numbers.
public final class AppMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    static let durationBuckets: [Duration] = [
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10),
    ]

    func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let labels = [("method", method), ("route", route), ("status", String(status))]
        registry.makeCounter(descriptor: .init(metricName: "kiroku_http_requests", unitName: "total", helpText: "HTTP requests by method, route and status"), labels: labels).increment()
        registry.makeDurationHistogram(
            descriptor: .init(metricName: "kiroku_http_request_duration", unitName: "seconds", helpText: "HTTP request latency by route and status"),
            labels: labels, buckets: Self.durationBuckets
        ).record(duration)
    }

    func recordsStored(count: Int, source: String) {
        registry.makeCounter(descriptor: .init(metricName: "kiroku_health_records_stored", unitName: "total", helpText: "Health records stored, by source"), labels: [("source", source)]).increment(by: Int64(count))
    }

    func recordsRejected(reason: String) {
        registry.makeCounter(descriptor: .init(metricName: "kiroku_health_records_rejected", unitName: "total", helpText: "Health records refused by validation, by reason"), labels: [("reason", reason)]).increment()
    }

    func signUp() {
        registry.makeCounter(descriptor: .init(metricName: "kiroku_signups", unitName: "total", helpText: "Accounts created")).increment()
    }

    func signIn(succeeded: Bool) {
        registry.makeCounter(descriptor: .init(metricName: "kiroku_signins", unitName: "total", helpText: "Sign-in attempts by result"), labels: [("result", succeeded ? "success" : "failure")]).increment()
    }

    /// A share card asked for: served from the cache, drawn, or refused by the drawing limit.
    func shareCardRendered(outcome: String) {
        registry.makeCounter(descriptor: .init(metricName: "kiroku_share_cards", unitName: "total", helpText: "Share-card PNGs asked for, by outcome (cached, drawn, limited)"), labels: [("outcome", outcome)]).increment()
    }

    /// How many messages wait in the gateway's outbox, how long the oldest has waited, and how many were set aside.
    func outbox(depth: Int, oldestAge: TimeInterval, quarantined: Int) {
        registry.makeGauge(descriptor: .init(metricName: "kiroku_gateway_outbox", unitName: "messages", helpText: "Gateway samples waiting to be published to Kafka")).set(Double(depth))
        registry.makeGauge(descriptor: .init(
            metricName: "kiroku_gateway_outbox_quarantined", unitName: "messages",
            helpText: "Gateway samples set aside in gatewayOutboxQuarantine because their outbox row could not be read"
        )).set(Double(quarantined))
        registry.makeGauge(descriptor: .init(metricName: "kiroku_gateway_outbox_oldest_age", unitName: "seconds", helpText: "Age of the oldest sample waiting for Kafka (0 when none)")).set(oldestAge)
    }

    public func exposition() -> String {
        registry.emitToString()
    }
}
