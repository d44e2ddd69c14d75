import Foundation

/// A plain TCP connection to a live test server, for what HTTP clients hide: which loopback address a request comes
/// from (127.0.0.2 and 127.0.0.3 are other "machines" to the server), half-sent requests, and whether the server
/// closed the connection. Blocking socket calls run on a thread of their own, never on the tests' executor.
final class RawConnection: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A whole HTTP/1.1 response as read off the wire.
    struct Response: Sendable {
        let status: Int
        /// Field names lowercased, in order.
        let headers: [(name: String, value: String)]
        let body: Data

        func header(_ name: String) -> String? {
            headers.first { $0.name == name.lowercased() }?.value
        }

        var text: String { String(decoding: body, as: UTF8.self) }

        /// `error.code` of a `{"error": {"code", "message"}}` body.
        var errorCode: String? {
            let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
            return (object?["error"] as? [String: Any])?["code"] as? String
        }
    }

    private let socket: Int32
    private var pending = Data()

    /// Connects to `127.0.0.1:port` from `source` (any 127.x.y.z address).
    init(port: Int, from source: String = "127.0.0.1") throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var local = try Self.address(source, port: 0)
        var remote = try Self.address("127.0.0.1", port: port)
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        let connected = withUnsafePointer(to: &remote) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, length) } }
        guard bound == 0, connected == 0 else {
            Glibc.close(socket)
            throw Failure(description: "connect from \(source) to port \(port): errno \(errno)")
        }
    }

    deinit {
        Glibc.close(socket)
    }

    private static func address(_ text: String, port: Int) throws -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else { throw Failure(description: "not an IPv4 address: \(text)") }
        return address
    }

    /// Runs blocking socket work on a thread of its own.
    private func blocking<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    func send(_ text: String) async throws {
        try await send(Data(text.utf8))
    }

    func send(_ bytes: Data) async throws {
        try await blocking { [self] in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
                offset += written
            }
        }
    }

    /// Waits up to `timeout` for bytes; nil when the server closed the connection (or reset it).
    private func readSome(timeout: Duration) throws -> Data? {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let ready = poll(&poller, 1, milliseconds)
        guard ready > 0 else { throw Failure(description: "no answer within \(timeout)") }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = recv(socket, &buffer, buffer.count, 0)
        return count > 0 ? Data(buffer[0..<count]) : nil
    }

    /// Everything the server sent before closing the connection, when it closes within `timeout`; nil if it is
    /// still open then.
    func closedByServer(within timeout: Duration) async throws -> Data? {
        try await blocking { [self] in
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                do {
                    guard let bytes = try readSome(timeout: deadline - ContinuousClock.now) else {
                        defer { pending = Data() }
                        return pending
                    }
                    pending.append(bytes)
                } catch is Failure {
                    return nil
                }
            }
            return nil
        }
    }

    /// Sends `piece(n)` every 200 ms, like a client that never finishes its request, until the server closes the
    /// connection; returns what the server sent before closing, or nil if it was still open after `limit`.
    func trickle(_ piece: @escaping @Sendable (Int) -> String, for limit: Duration = .seconds(10)) async throws -> Data? {
        let rounds = Int(limit / .milliseconds(200))
        for index in 0..<rounds {
            try? await send(piece(index))
            if let received = try await closedByServer(within: .milliseconds(200)) { return received }
        }
        return nil
    }

    /// Reads one response: by `Content-Length`, chunked, or up to the close.
    func response(timeout: Duration = .seconds(45)) async throws -> Response {
        try await blocking { [self] in
            let deadline = ContinuousClock.now + timeout
            func more() throws -> Bool {
                guard let bytes = try readSome(timeout: deadline - ContinuousClock.now) else { return false }
                pending.append(bytes)
                return true
            }
            let separator = Data("\r\n\r\n".utf8)
            var headEnd = pending.range(of: separator)
            while headEnd == nil {
                guard try more() else { throw Failure(description: "closed before a response head") }
                headEnd = pending.range(of: separator)
            }
            guard let headEnd else { throw Failure(description: "no head") }
            let lines = String(decoding: pending[pending.startIndex..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            pending = Data(pending[headEnd.upperBound...])
            let statusParts = lines[0].split(separator: " ")
            guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
            let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            let field = { (name: String) in headers.first { $0.name == name }?.value }
            var body = Data()
            if let length = field("content-length").flatMap(Int.init) {
                while pending.count < length { guard try more() else { throw Failure(description: "body cut short") } }
                body = Data(pending.prefix(length))
                pending = Data(pending.dropFirst(length))
            } else if field("transfer-encoding")?.lowercased() == "chunked" {
                while true {
                    var lineEnd = pending.range(of: Data("\r\n".utf8))
                    while lineEnd == nil { guard try more() else { throw Failure(description: "chunk cut short") }; lineEnd = pending.range(of: Data("\r\n".utf8)) }
                    guard let lineEnd, let size = Int(String(decoding: pending[pending.startIndex..<lineEnd.lowerBound], as: UTF8.self), radix: 16) else {
                        throw Failure(description: "bad chunk size")
                    }
                    pending = Data(pending[lineEnd.upperBound...])
                    while pending.count < size + 2 { guard try more() else { throw Failure(description: "chunk cut short") } }
                    body.append(pending.prefix(size))
                    pending = Data(pending.dropFirst(size + 2))
                    if size == 0 { break }
                }
            } else if status != 204, status != 304 {
                while try more() {}
                body = pending
                pending = Data()
            }
            return Response(status: status, headers: headers, body: body)
        }
    }

    /// One request on a fresh connection from `source`, answered and closed.
    static func exchange(port: Int, from source: String = "127.0.0.1", _ request: String) async throws -> Response {
        let connection = try RawConnection(port: port, from: source)
        try await connection.send(request)
        return try await connection.response()
    }
}
