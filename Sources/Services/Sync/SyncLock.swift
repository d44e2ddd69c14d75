import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One sync at a time per user, whoever starts it — the daemon, a web "sync now", `kiroku sync run` — across
/// processes: an flock on `sync/user-<id>.lock`, which the kernel releases if the holder dies.
final class SyncLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, or throws `alreadyRunning` at once when someone holds it.
    init(directory: URL, userId: Int64) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory.appendingPathComponent("user-\(userId).lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw SyncAgentError.alreadyRunning
        }
    }

    /// Whether someone holds the lock now (for a status page), without taking it.
    static func isHeld(directory: URL, userId: Int64) -> Bool {
        let path = directory.appendingPathComponent("user-\(userId).lock").path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { return true }
        flock(descriptor, LOCK_UN)
        return false
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
