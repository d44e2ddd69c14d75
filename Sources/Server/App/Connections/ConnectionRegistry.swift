import NIOCore
import Synchronization

/// Every open connection of one server and whether it is idle, so that at the connection cap the longest-idle one
/// can be closed to make room: 150 sockets that connect and say nothing must not keep `/health` from answering.
final class ConnectionRegistry: Sendable {
    let capacity: Int

    private struct Entry {
        let channel: any Channel
        var idleSince: NIODeadline?
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { entries.withLock { $0.count } }

    /// Adds a new (idle) connection; at capacity, closes the connection that has been idle longest.
    func opened(_ channel: any Channel, now: NIODeadline) {
        let id = ObjectIdentifier(channel)
        let victim = entries.withLock { entries -> (any Channel)? in
            entries[id] = Entry(channel: channel, idleSince: now)
            guard entries.count >= capacity else { return nil }
            let oldest = entries.filter { $0.key != id }.compactMap { key, entry in entry.idleSince.map { (key, $0) } }.min { $0.1 < $1.1 }
            guard let oldest else { return nil }
            return entries.removeValue(forKey: oldest.0)?.channel
        }
        victim?.close(promise: nil)
    }

    func setIdle(_ channel: any Channel, since: NIODeadline?) {
        entries.withLock { $0[ObjectIdentifier(channel)]?.idleSince = since }
    }

    func closed(_ channel: any Channel) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }
}
