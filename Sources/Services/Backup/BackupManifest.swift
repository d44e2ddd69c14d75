import Foundation

/// `manifest.json` of a backup: what it holds, each file's size and SHA-256 (of the file as stored, sealed or not,
/// so damage is found without the passphrase), the schema it was taken at, and how its key was made if it is
/// encrypted. It holds no personal data.
public struct BackupManifest: Codable, Sendable, Equatable {
    public struct File: Codable, Sendable, Equatable {
        /// Relative to the backup (and, restored, to the data directory): `kiroku.sqlite`, `imports/…`.
        public var path: String
        public var size: Int64
        public var sha256: String
    }

    public var format = 1
    public var createdAt: Date
    public var migrations: [String]
    public var files: [File]
    /// Present when the files are sealed.
    public var key: BackupKey.Parameters?
    /// HMAC of a fixed text under the key: a wrong passphrase is told at once, before anything is opened.
    public var keyCheck: String?

    public static let fileName = "manifest.json"
    public var isEncrypted: Bool { key != nil }
}
