import Foundation
import Health
import Insights
import Storage

/// The one-tap answers to a flagged value: "this is right" (the day is not flagged again) and "delete it" (that
/// metric's records of that day go, and badges are recomputed as after any deletion).
extension InsightsService {
    /// The metric and day a form or request names, or the refusal that says which is wrong.
    static func flaggedDay(metric name: String, day text: String) throws -> (Metric, LocalDay) {
        let metric = try Self.metric(named: name)
        guard let day = LocalDay(text) else { throw InsightsError.invalidDay("day", text) }
        return (metric, day)
    }

    /// Remembers that the value is right; asking twice is the same as once.
    public func confirmAnomaly(userId: Int64, metric name: String, day text: String, now: Date) async throws {
        let (metric, day) = try Self.flaggedDay(metric: name, day: text)
        try await database.confirmAnomaly(AnomalyConfirmationRow(userId: userId, metric: metric.id, day: day.description, confirmedAt: now))
    }

    /// Deletes the metric's records of that day: those its flagged total was made of (for sleep, the night that
    /// ended that morning). Returns how many went (0 when retried).
    @discardableResult
    public func deleteFlaggedDay(userId: Int64, metric name: String, day text: String, timeZone: TimeZone, now: Date) async throws -> Int {
        let (metric, day) = try Self.flaggedDay(metric: name, day: text)
        let instants = metric.dayBoundary.instants(from: day, through: day, in: timeZone)
        let deleted = try await database.deleteRecords(
            userId: userId, metric: metric.id, from: instants.lowerBound, to: instants.upperBound
        )
        if deleted > 0 { await MotivationService(database: database).refreshBadgesAfterWrite(userId: userId, now: now) }
        return deleted
    }

    /// The anomalies their owner has not confirmed.
    func unconfirmed(_ anomalies: [Anomaly], userId: Int64) async throws -> [Anomaly] {
        guard !anomalies.isEmpty else { return anomalies }
        let confirmed = Set(try await database.anomalyConfirmations(userId: userId).map { "\($0.metric) \($0.day)" })
        return anomalies.filter { !confirmed.contains("\($0.metricID) \($0.day)") }
    }
}
