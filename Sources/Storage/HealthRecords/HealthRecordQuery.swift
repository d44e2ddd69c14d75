import Foundation

/// Filters for listing one user's records, newest first, a page at a time.
public struct HealthRecordQuery: Sendable, Equatable {
    public var metric: String?
    public var from: Date?
    public var to: Date?
    public var source: String?
    public var limit: Int
    public var cursor: Cursor?

    public init(metric: String? = nil, from: Date? = nil, to: Date? = nil, source: String? = nil, limit: Int = 100, cursor: Cursor? = nil) {
        self.metric = metric
        self.from = from
        self.to = to
        self.source = source
        self.limit = limit
        self.cursor = cursor
    }

    /// Keyset position: the last record of the previous page (its start and id).
    public typealias Cursor = PageCursor
}

/// One page of records and where the next one starts.
public struct HealthRecordPage: Sendable, Equatable {
    public var records: [HealthRecord]
    public var nextCursor: HealthRecordQuery.Cursor?
}
