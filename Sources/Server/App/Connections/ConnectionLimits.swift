import Foundation

/// How long a client may take, and how many connections it may hold: without these, a few sockets that never
/// finish a request (or never send one) would keep the server's file descriptors until it can answer no one.
public struct ConnectionLimits: Sendable, Equatable {
    /// From a request's first byte to the end of its header block (slowloris).
    public var headerTimeout: Duration
    /// The longest pause inside a request body; also how long a body may go on once the answer has been sent.
    public var bodyTimeout: Duration
    /// A connection with no request in progress is closed after this.
    public var idleTimeout: Duration
    /// Open connections at most. Past it the longest-idle connection is closed to make room, and new ones wait in
    /// the listen queue while every connection is busy.
    public var maxConnections: Int

    public init(
        headerTimeout: Duration = .seconds(10), bodyTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(60),
        maxConnections: Int = ConnectionLimits.defaultMaxConnections()
    ) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.maxConnections = maxConnections
    }

    /// 512, or fewer when the process may open fewer files: 64 descriptors stay free for the database, uploads and logs.
    public static func defaultMaxConnections(fileLimit: Int? = openFileLimit()) -> Int {
        guard let fileLimit else { return 512 }
        return min(512, max(16, fileLimit - 64))
    }

    /// The soft `RLIMIT_NOFILE`, nil when unlimited or unknown.
    public static func openFileLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return Int(clamping: limit.rlim_cur)
    }
}
