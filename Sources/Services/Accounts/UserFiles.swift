import Foundation
import Storage

/// What a user owns outside the database, always under the data directory and keyed by the user's id, never by
/// the username: a new account that takes a deleted one's name must inherit nothing. Deleting an account removes
/// all of it in the same operation as the rows.
public struct UserFiles: Sendable {
    public let dataDirectory: URL

    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
    }

    var syncDirectory: URL { dataDirectory.appendingPathComponent("sync", isDirectory: true) }

    /// The user's drawn share cards (`ShareCardCache`).
    public func shareCardDirectory(userId: Int64) -> URL {
        dataDirectory.appendingPathComponent("share-cards", isDirectory: true).appendingPathComponent("user-\(userId)", isDirectory: true)
    }

    /// The sync agent's target and credentials (mode 0600). A file an earlier version kept under the username is
    /// moved here the first time it is asked for, so upgrading loses no configuration.
    public func syncConfiguration(for user: User) throws -> URL {
        let url = syncDirectory.appendingPathComponent("user-\(try user.savedId).json")
        let legacy = legacySyncConfiguration(username: user.username)
        let files = FileManager.default
        if !files.fileExists(atPath: url.path), files.fileExists(atPath: legacy.path) {
            try files.moveItem(at: legacy, to: url)
        }
        return url
    }

    func legacySyncConfiguration(username: String) -> URL {
        syncDirectory.appendingPathComponent("\(username.lowercased()).json")
    }

    /// Removes every file of the user: the sync configuration (by id, and an unmigrated one by name), the drawn
    /// share cards, and the uploads their import jobs still point at (kept with `keep`, or in flight). Files outside the data directory
    /// are never touched, whatever a row says.
    func removeAll(userId: Int64, username: String, uploads: [String]) {
        let files = FileManager.default
        let root = dataDirectory.standardizedFileURL.path + "/"
        var doomed = ["json", "lock", "progress.json"].map { syncDirectory.appendingPathComponent("user-\(userId).\($0)") }
        doomed += [legacySyncConfiguration(username: username), shareCardDirectory(userId: userId)]
        doomed += uploads.map { URL(fileURLWithPath: $0) }
        for url in doomed where url.standardizedFileURL.path.hasPrefix(root) && files.fileExists(atPath: url.path) {
            try? files.removeItem(at: url)
        }
    }
}
