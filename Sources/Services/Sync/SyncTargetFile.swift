import Foundation
import Health
import KirokuClient
import Storage

/// The agent's settings and credentials for one user: `<data-dir>/sync/user-<id>.json` (keyed by the account's id,
/// so a later account with the same name inherits nothing), mode 0600 in a 0700 directory (the Keychain's part on
/// Linux). Never printed or logged whole; deleted with the account.
public struct SyncTargetFile: Sendable {
    public let url: URL

    public init(dataDirectory: URL, user: User) throws {
        url = try UserFiles(dataDirectory: dataDirectory).syncConfiguration(for: user)
    }

    /// The saved target; `SyncAgentError.notConfigured` when there is none.
    public func load() throws -> GatewayTarget {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw SyncAgentError.notConfigured }
        do {
            return try JSONDecoder().decode(GatewayTarget.self, from: data)
        } catch {
            throw SyncAgentError.unreadableConfiguration
        }
    }

    public func save(_ target: GatewayTarget) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Written to a new 0600 file and moved into place, so the secret is never readable by others, not even briefly.
        let temporary = directory.appendingPathComponent(".\(UUID().uuidString).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: try encoder.encode(target), attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: directory.path])
        }
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: temporary, to: url)
    }
}
