import Foundation
import Storage

/// The reads of a user's records that the pages, the JSON API and the CLI show as they are: each one scoped to the
/// owner here, so no caller queries the database itself.
extension HealthRecordService {
    /// A page of the user's records, newest first, as `query` filters them.
    public func records(userId: Int64, query: HealthRecordQuery) async throws -> HealthRecordPage {
        try await database.records(userId: userId, query: query)
    }

    /// The user's record, or nil when it is someone else's or does not exist (both answer "not found").
    public func record(id: Int64, userId: Int64) async throws -> HealthRecord? {
        try await database.record(id: id, userId: userId)
    }

    /// The user's most recent record of one metric: the dashboard's tile for a measurement such as weight.
    public func latestRecord(userId: Int64, metric: String) async throws -> HealthRecord? {
        try await database.latestRecord(userId: userId, metric: metric)
    }

    /// When the user's oldest record of any of `metrics` started; nil when there is none.
    public func earliestRecordStart(userId: Int64, metrics: [String]) async throws -> Date? {
        try await database.earliestRecordStart(userId: userId, metrics: metrics)
    }

    /// How many records the user has, of every metric and source.
    public func recordCount(userId: Int64) async throws -> Int {
        try await database.recordCount(userId: userId)
    }
}
