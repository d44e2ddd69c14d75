import Foundation
import Health
import KirokuClient
import Storage

/// The agent's settings and credentials for one user: `<data-dir>/sync/user-<id>.json` (keyed by the account's id,
/// so a later account with the same name inherits nothing), mode 0600 in a 0700 directory (the Keychain's part on
/// Linux). The credentials inside are sealed with the data directory's secret key (`SecretBox`), so a copy of the
/// file alone, or of a backup, does not give away the gateway's key or password. Never printed or logged whole;
/// deleted with the account.
public struct SyncTargetFile: Sendable {
    public let url: URL
    let secrets: SecretBox

    public init(dataDirectory: URL, user: User) throws {
        url = try UserFiles(dataDirectory: dataDirectory).syncConfiguration(for: user)
        secrets = SecretBox(dataDirectory: dataDirectory)
    }

    /// The saved target; `SyncAgentError.notConfigured` when there is none, `unreadableConfiguration` when the file
    /// is damaged or its credentials were sealed with a key this data directory no longer has. A file written before
    /// credentials were sealed is read as it is, and sealed the next time it is saved.
    public func load() throws -> GatewayTarget {
        _ = try? tightenPermissions()
        guard let data = FileManager.default.contents(atPath: url.path) else { throw SyncAgentError.notConfigured }
        do {
            guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw SyncAgentError.unreadableConfiguration }
            if let sealed = object["credentials"] as? String {
                guard let opened = secrets.open(sealed), let credentials = try JSONSerialization.jsonObject(with: Data(opened.utf8)) as? [String: Any] else {
                    throw SyncAgentError.unreadableConfiguration
                }
                object["credentials"] = credentials
            }
            return try JSONDecoder().decode(GatewayTarget.self, from: JSONSerialization.data(withJSONObject: object))
        } catch {
            throw SyncAgentError.unreadableConfiguration
        }
    }

    /// Puts the file back to 0600 and its folder to 0700 when others were let in (a `chmod`, a copy, a restore by
    /// hand): the credentials are sealed, but the gateway's address and the file's existence are nobody else's
    /// business either. True when something was changed, so a command can say so.
    @discardableResult
    public func tightenPermissions() throws -> Bool {
        let files = FileManager.default
        var changed = false
        for (path, mode) in [(url.deletingLastPathComponent().path, 0o700), (url.path, 0o600)] where files.fileExists(atPath: path) {
            let current = (try files.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? 0
            guard current & 0o077 != 0 else { continue }
            try files.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
            changed = true
        }
        return changed
    }

    public func save(_ target: GatewayTarget) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard var object = try JSONSerialization.jsonObject(with: encoder.encode(target)) as? [String: Any] else {
            throw SyncAgentError.unreadableConfiguration
        }
        object["credentials"] = try secrets.seal(String(decoding: encoder.encode(target.credentials), as: UTF8.self))
        let contents = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        // Written to a new 0600 file and moved into place, so the secret is never readable by others, not even briefly.
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: contents, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: directory.path])
        }
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: temporary, to: url)
    }
}
