import Crypto
import Foundation
import Synchronization

/// Seals secrets that must live in the database (webhook URLs, which often carry a token: ntfy topics, Slack hooks)
/// with a key kept outside it, so a leaked database file or backup does not leak them. The key is 32 random bytes in
/// `<data-dir>/secrets.key` (0600, made on first use, never copied into backups) or in a file named by
/// KIROKU_SECRET_KEY_FILE for people who keep it on another disk.
///
/// Sealing is deterministic (the nonce is an HMAC of the text under the key, as in SIV modes): the same URL seals to
/// the same text, so "is this alert already saved?" still works by equality. That reveals only that two sealed values
/// are equal.
public final class SecretBox: Sendable {
    static let prefix = "kiroku-sealed:v1:"
    /// Where the key lives; nil when it was given in memory.
    let file: URL?
    private let cached: Mutex<SymmetricKey?>

    public init(key: SymmetricKey) {
        file = nil
        cached = Mutex(key)
    }

    /// The key of this data directory: read when first needed, and made then if there is none yet (so a server
    /// that never seals anything writes no key file).
    public init(dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment) {
        file = environment["KIROKU_SECRET_KEY_FILE"].map { URL(fileURLWithPath: $0) } ?? dataDirectory.appendingPathComponent("secrets.key")
        cached = Mutex(nil)
    }

    func key(creating: Bool) throws -> SymmetricKey? {
        try cached.withLock { cached in
            if let cached { return cached }
            guard let file else { return nil }
            if let data = FileManager.default.contents(atPath: file.path), data.count == 32 {
                cached = SymmetricKey(data: data)
                return cached
            }
            guard creating else { return nil }
            let key = SymmetricKey(size: .bits256)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: file.path, contents: key.withUnsafeBytes { Data($0) }, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: file.path])
            }
            cached = key
            return key
        }
    }

    public func seal(_ text: String) throws -> String {
        guard let key = try key(creating: true) else { throw CocoaError(.fileReadNoSuchFile) }
        let plain = Data(text.utf8)
        let mac = HMAC<SHA256>.authenticationCode(for: plain, using: key)
        let nonce = try ChaChaPoly.Nonce(data: Data(mac).prefix(12))
        return Self.prefix + (try ChaChaPoly.seal(plain, using: key, nonce: nonce).combined).base64EncodedString()
    }

    /// A stable, opaque name for `text` under this key (an HMAC, 128 bits in hex): the same text always gives the same
    /// tag, and without the key the tag says nothing about the text.
    public func tag(_ text: String) throws -> String {
        guard let key = try key(creating: true) else { throw CocoaError(.fileReadNoSuchFile) }
        return HexDigits.lowercase(HMAC<SHA256>.authenticationCode(for: Data(text.utf8), using: key).prefix(16))
    }

    /// The text; a value stored before secrets were sealed comes back as it is. A sealed value this key cannot open
    /// (the key file was lost or replaced) is nil, and the caller treats the secret as gone.
    public func open(_ stored: String) -> String? {
        guard stored.hasPrefix(Self.prefix) else { return stored }
        guard let key = try? key(creating: false),
              let combined = Data(base64Encoded: String(stored.dropFirst(Self.prefix.count))),
              let box = try? ChaChaPoly.SealedBox(combined: combined),
              let plain = try? ChaChaPoly.open(box, using: key)
        else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }
}
