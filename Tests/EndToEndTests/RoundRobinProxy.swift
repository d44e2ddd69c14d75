import Foundation

/// A loopback TCP load balancer in front of several servers: each new connection goes to the next server in turn, and
/// when that one refuses (it was killed) to the one after it, as a load balancer's health check would arrange. It
/// counts the connections each server was given.
final class RoundRobinProxy: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let targets: [Int]
    private let lock = NSLock()
    private var next = 0
    private var served: [Int: Int] = [:]

    init(targetPorts: [Int]) throws {
        (listener, port) = try LoopbackSockets.listen()
        targets = targetPorts
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                guard let upstream = connectToNext() else {
                    close(client)
                    continue
                }
                LoopbackSockets.splice(client: client, upstream: upstream)
            }
        }
    }

    /// Connections handed to the server on `port` so far.
    func connections(to port: Int) -> Int {
        lock.withLock { served[port] ?? 0 }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// A socket connected to the next server that accepts, trying each at most once.
    private func connectToNext() -> Int32? {
        for _ in targets {
            let port = lock.withLock { () -> Int in
                defer { next = (next + 1) % targets.count }
                return targets[next]
            }
            if let upstream = LoopbackSockets.connect(port: port) {
                lock.withLock { served[port, default: 0] += 1 }
                return upstream
            }
        }
        return nil
    }
}
