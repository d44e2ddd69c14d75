import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How far the run going on for a user has come: written by whichever process runs it (the server's scheduler, a
/// page's "Sync now", `kiroku sync run` or the daemon) to `sync/user-<id>.progress.json`, so every page and command
/// shows the same live figures. Only believed while the user's sync lock is held: a run that died leaves a stale file.
public struct SyncProgress: Codable, Sendable, Equatable {
    public var startedAt: Date
    public var sent: Int
    public var total: Int

    public init(startedAt: Date, sent: Int, total: Int) {
        self.startedAt = startedAt
        self.sent = sent
        self.total = total
    }

    /// 0…100 for a progress bar; 0 while nothing is known to be waiting.
    public var percent: Int {
        total > 0 ? min(100, sent * 100 / total) : 0
    }

    static func url(directory: URL, userId: Int64) -> URL {
        directory.appendingPathComponent("user-\(userId).progress.json")
    }

    static func read(directory: URL, userId: Int64) -> SyncProgress? {
        guard let data = FileManager.default.contents(atPath: url(directory: directory, userId: userId).path) else { return nil }
        return try? JSONDecoder().decode(SyncProgress.self, from: data)
    }

    /// Replaces the file atomically (a reader never sees half of it), mode 0600 like everything else in `sync/`.
    func write(directory: URL, userId: Int64) {
        guard let data = try? JSONEncoder().encode(self) else { return }
        let target = Self.url(directory: directory, userId: userId)
        let temporary = directory.appendingPathComponent(".progress-\(userId)-\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]) else { return }
        if rename(temporary.path, target.path) != 0 { try? FileManager.default.removeItem(at: temporary) }
    }

    static func remove(directory: URL, userId: Int64) {
        try? FileManager.default.removeItem(at: url(directory: directory, userId: userId))
    }
}
