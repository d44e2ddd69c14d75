import Foundation
import Logging

/// The data directory holds the database, uploads and sync credentials: only the account running Kiroku may enter it.
public enum DataDirectory {
    /// Creates the directory (mode 0700), or tightens an existing one to 0700 with a warning when it was open to
    /// others. Returns the mode it had, when it had to be changed.
    @discardableResult
    public static func prepare(_ directory: URL, logger: Logger) throws -> Int? {
        let manager = FileManager.default
        try manager.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let mode = try manager.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int ?? 0
        guard mode & 0o077 != 0 else { return nil }
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
        logger.warning("data directory was readable by others; its mode is now 0700", metadata: [
            "data_dir": "\(directory.path)", "previous_mode": "\(String(mode & 0o7777, radix: 8))",
        ])
        return mode & 0o7777
    }
}
