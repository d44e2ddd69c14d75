import Foundation

/// The socket plumbing the tests' loopback proxies share: listening, connecting and piping a connection through.
enum LoopbackSockets {
    /// A socket listening on 127.0.0.1 at a free port, and that port.
    static func listen(backlog: Int32 = 64) throws -> (socket: Int32, port: Int) {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, length) } }
        guard bound == 0, Foundation.listen(listening, backlog) == 0 else {
            close(listening)
            throw WebDriver.Failure(description: "proxy could not listen")
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) } }
        return (listening, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// A socket connected to 127.0.0.1:`port`, or nil when nothing accepts there.
    static func connect(port: Int) -> Int32? {
        var target = loopback(port: port)
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(upstream)
            return nil
        }
        return upstream
    }

    /// Pipes `client` and `upstream` into each other on two threads until either side closes, or until `limit` bytes
    /// have come from the client; then both are shut down and, once both directions have stopped, closed.
    static func splice(client: Int32, upstream: Int32, clientLimit limit: Int = .max) {
        let finished = Countdown(2) {
            close(client)
            close(upstream)
        }
        Thread.detachNewThread {
            pump(from: client, to: upstream, limit: limit)
            finished.tick()
        }
        Thread.detachNewThread {
            pump(from: upstream, to: client, limit: .max)
            finished.tick()
        }
    }

    private static func pump(from source: Int32, to destination: Int32, limit: Int) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var total = 0
        copying: while total < limit {
            let count = read(source, &buffer, min(buffer.count, limit - total))
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let written = buffer[offset..<count].withUnsafeBytes { write(destination, $0.baseAddress, count - offset) }
                guard written > 0 else { break copying }
                offset += written
            }
            total += count
        }
        shutdown(source, Int32(SHUT_RDWR))
        shutdown(destination, Int32(SHUT_RDWR))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// Runs `done` once `tick()` has been called `count` times.
    private final class Countdown: @unchecked Sendable {
        private let lock = NSLock()
        private var left: Int
        private let done: () -> Void

        init(_ count: Int, done: @escaping () -> Void) {
            left = count
            self.done = done
        }

        func tick() {
            let last = lock.withLock { () -> Bool in
                left -= 1
                return left == 0
            }
            if last { done() }
        }
    }
}
