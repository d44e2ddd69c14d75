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

    /// Keyset position: the last record of the previous page. Stable while records are added,
    /// unlike an offset.
    public struct Cursor: Sendable, Equatable {
        public var startAt: Date
        public var id: Int64

        public init(startAt: Date, id: Int64) {
            self.startAt = startAt
            self.id = id
        }

        /// Opaque text form: "<milliseconds since 1970>.<id>".
        public init?(token: String) {
            let parts = token.split(separator: ".")
            guard parts.count == 2, let millis = Int64(parts[0]), let id = Int64(parts[1]) else { return nil }
            self.startAt = Date(timeIntervalSince1970: Double(millis) / 1000)
            self.id = id
        }

        public var token: String {
            "\(Int64((startAt.timeIntervalSince1970 * 1000).rounded())).\(id)"
        }
    }
}

/// One page of records and where the next one starts.
public struct HealthRecordPage: Sendable, Equatable {
    public var records: [HealthRecord]
    public var nextCursor: HealthRecordQuery.Cursor?
}
