import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive lock on the data directory, held while the server runs, so a second server on the same
/// directory stops at once with a clear message instead of two processes sharing one database's jobs.
/// The kernel releases an flock when the process dies, so a crash never leaves a stale lock behind.
public final class DataDirectoryLock: Sendable {
    public let path: String
    private let descriptor: Int32

    public struct AlreadyLocked: Error, CustomStringConvertible {
        public let directory: String
        public let holder: String?

        public var description: String {
            let who = holder.map { " (pid \($0))" } ?? ""
            return """
                Another Kiroku server is already using \(directory)\(who). Stop it first, or pass a different --data-dir.
                別の Kiroku サーバーが \(directory) を使用中です\(who)。先に停止するか、別の --data-dir を指定してください。
                """
        }
    }

    public init(directory: URL) throws {
        path = directory.appendingPathComponent("kiroku.lock").path
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
            close(descriptor)
            throw AlreadyLocked(directory: directory.path, holder: holder?.isEmpty == false ? holder : nil)
        }
        let pid = "\(getpid())\n"
        _ = ftruncate(descriptor, 0)
        _ = pid.withCString { write(descriptor, $0, strlen($0)) }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
