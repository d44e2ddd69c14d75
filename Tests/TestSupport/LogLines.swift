import Synchronization

/// The lines a log handler under test wrote (`JSONLogHandler(write: lines.append)`), in order.
public final class LogLines: Sendable {
    private let storage = Mutex<[String]>([])

    public init() {}

    public func append(_ line: String) { storage.withLock { $0.append(line) } }

    public var all: [String] { storage.withLock { $0 } }
}
