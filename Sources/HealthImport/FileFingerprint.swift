import Foundation
import Health

/// Identifies a file cheaply: its size and a hash of its first 64 KiB. Enough to tell whether a resumed
/// import is reading the same file that it started on, without reading gigabytes twice.
public enum FileFingerprint {
    public static func of(_ url: URL) throws -> String {
        guard let handle = FileHandle(forReadingAtPath: url.path) else { throw ImportError.unreadable(url.lastPathComponent) }
        defer { try? handle.close() }
        let head = try handle.read(upToCount: 65_536) ?? Data()
        let size = try handle.seekToEnd()
        var key = NaturalKey()
        key.add(Int64(size))
        key.add(String(decoding: head, as: UTF8.self))
        return "\(size)-\(key.hex)"
    }
}
