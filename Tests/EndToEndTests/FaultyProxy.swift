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
        (listener, port) = try LoopbackSockets.listen(backlog: 32)
        cutsLeft = cutFirst
        self.cutAfterBytes = cutAfterBytes
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                let cut = lock.withLock { () -> Bool in
                    guard cutsLeft > 0 else { return false }
                    cutsLeft -= 1
                    return true
                }
                guard let upstream = LoopbackSockets.connect(port: targetPort) else {
                    close(client)
                    continue
                }
                LoopbackSockets.splice(client: client, upstream: upstream, clientLimit: cut ? self.cutAfterBytes : .max)
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}
