import Foundation

/// A loopback TCP proxy in front of a real server. Its first `cutFirst` connections are cut once the client has sent
/// `cutAfterBytes` bytes — past the TLS handshake, part-way through the request — and every later connection is piped
/// through unchanged. TLS passes straight through, so the client still verifies the server's certificate.
final class FaultyProxy: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var cutsLeft: Int
    private let cutAfterBytes: Int

    init(targetPort: Int, cutFirst: Int, cutAfterBytes: Int) throws {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, length) } }
        guard bound == 0, listen(listening, 32) == 0 else { throw WebDriver.Failure(description: "proxy could not listen") }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listening, $0, &length) } }
        listener = listening
        port = Int(UInt16(bigEndian: address.sin_port))
        cutsLeft = cutFirst
        self.cutAfterBytes = cutAfterBytes
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listening, nil, nil)
                guard client >= 0 else { return }
                let cut = lock.withLock { () -> Bool in
                    guard cutsLeft > 0 else { return false }
                    cutsLeft -= 1
                    return true
                }
                var target = Self.loopback(port: targetPort)
                let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                let connected = withUnsafePointer(to: &target) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                }
                guard connected == 0 else {
                    close(client)
                    close(upstream)
                    continue
                }
                let limit = cut ? self.cutAfterBytes : Int.max
                Thread.detachNewThread { Self.pump(from: client, to: upstream, limit: limit) }
                Thread.detachNewThread { Self.pump(from: upstream, to: client, limit: .max) }
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// Copies bytes until either side closes or `limit` bytes have passed, then closes both sockets, which ends the
    /// other direction's pump too.
    private static func pump(from source: Int32, to destination: Int32, limit: Int) {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var total = 0
        while total < limit {
            let count = read(source, &buffer, min(buffer.count, limit - total))
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let written = buffer[offset..<count].withUnsafeBytes { write(destination, $0.baseAddress, count - offset) }
                guard written > 0 else { break }
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
}
