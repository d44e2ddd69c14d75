import NIOCore

/// Which phase a connection is in and when it must have moved on: the rules behind the header, body and idle
/// timeouts, kept apart from NIO so they read (and are tested) as plain state.
struct ConnectionDeadlines {
    enum Reading: Equatable {
        /// Between requests (or before the first): the idle timeout runs once no answer is pending.
        case waiting(since: NIODeadline)
        /// Part of a request head has arrived.
        case head(since: NIODeadline)
        /// The head is in; the body is arriving (or is empty and about to end).
        case body(lastProgress: NIODeadline)
    }

    enum Reason: Equatable {
        case header
        case body
        case idle
    }

    let limits: ConnectionLimits
    private(set) var reading: Reading
    /// Requests whose answer has not been completely written.
    private(set) var pendingResponses = 0
    /// The last answer finished while its request's body was still coming.
    private var answeredDuringBody: NIODeadline?
    /// HTTP/1.0 or `Connection: close`: the connection ends with the answer.
    private(set) var closeWhenAnswered = false

    init(limits: ConnectionLimits, now: NIODeadline) {
        self.limits = limits
        self.reading = .waiting(since: now)
    }

    mutating func bytesArrived(now: NIODeadline) {
        switch reading {
        case .waiting: reading = .head(since: now)
        case .head: break
        case .body: reading = .body(lastProgress: now)
        }
    }

    mutating func headReceived(closeAfterAnswer: Bool, now: NIODeadline) {
        pendingResponses += 1
        if closeAfterAnswer { closeWhenAnswered = true }
        answeredDuringBody = nil
        reading = .body(lastProgress: now)
    }

    mutating func requestEnded(now: NIODeadline) {
        reading = .waiting(since: now)
        answeredDuringBody = nil
    }

    /// True when the connection should now be closed.
    mutating func responseEnded(now: NIODeadline) -> Bool {
        pendingResponses = max(0, pendingResponses - 1)
        guard pendingResponses == 0 else { return false }
        if closeWhenAnswered { return true }
        switch reading {
        case .waiting: reading = .waiting(since: now)
        case .body: answeredDuringBody = now
        case .head: break
        }
        return false
    }

    /// When the connection is closed unless something happens first, and why.
    var deadline: (at: NIODeadline, reason: Reason)? {
        switch reading {
        case .head(let since):
            return (since + TimeAmount(limits.headerTimeout), .header)
        case .body(let lastProgress):
            var at = lastProgress + TimeAmount(limits.bodyTimeout)
            if let answered = answeredDuringBody { at = min(at, answered + TimeAmount(limits.bodyTimeout)) }
            return (at, .body)
        case .waiting(let since):
            return pendingResponses == 0 ? (since + TimeAmount(limits.idleTimeout), .idle) : nil
        }
    }

    /// Since when nothing has been going on (no request, no answer pending): such a connection may be closed to make
    /// room for a new one.
    var idleSince: NIODeadline? {
        guard case .waiting(let since) = reading, pendingResponses == 0 else { return nil }
        return since
    }
}
