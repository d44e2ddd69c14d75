import Foundation
import Health
import Logging
import Synchronization

/// The stateless gateway's API keys, which cannot live in a database it does not have: a text file, one key per line
/// as `<owner> <sha256 of the key, hex>` (`#` starts a comment). The owner is the Kiroku username the samples will be
/// stored under by `kiroku ingest --from-kafka`. Only hashes are in the file, so reading it does not give a key away.
///
/// The file is read again when it changes (checked at most once a second), so a key removed from it stops working
/// within a second on every instance that reads the same file. A file that cannot be read or has a malformed line
/// refuses every key until it is fixed: a broken edit never keeps a revoked key alive.
public final class GatewayKeyring: Sendable {
    let path: String
    private let logger: Logger
    private let state: Mutex<State>

    private struct State {
        var owners: [String: String] = [:]
        var modified: Date?
        var checked: ContinuousClock.Instant?
    }

    /// Reads the file once; throws when it cannot be read or is malformed, so a server does not start without keys.
    public init(path: String, logger: Logger) throws {
        self.path = path
        self.logger = logger
        let owners = try Self.read(path)
        state = Mutex(State(owners: owners, modified: Self.modified(path), checked: .now))
    }

    /// The owner of `key`, or nil when no line holds its hash.
    public func owner(ofKey key: String) -> String? {
        refreshIfChanged()
        let hash = SecretToken.hash(key)
        return state.withLock { $0.owners[hash] }
    }

    private func refreshIfChanged() {
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            guard state.checked.map({ now - $0 >= .seconds(1) }) ?? true else { return false }
            state.checked = now
            return true
        }
        guard due else { return }
        let modified = Self.modified(path)
        guard modified != state.withLock({ $0.modified }) else { return }
        let owners: [String: String]
        do {
            owners = try Self.read(path)
            logger.info("gateway keys reloaded", metadata: ["file": "\(path)", "keys": "\(owners.count)"])
        } catch {
            owners = [:]
            logger.error("gateway keys unreadable: every key is refused until the file is fixed", metadata: ["file": "\(path)", "error": "\(error)"])
        }
        state.withLock { $0 = State(owners: owners, modified: modified, checked: now) }
    }

    /// Makes a new key for `owner`, appends its line to the file (created 0600 if missing) and returns the key, which
    /// is shown once and kept nowhere.
    public static func addKey(owner: String, to path: String) throws -> String {
        guard isValidOwner(owner) else { throw GatewayKeyFileError.invalidOwner(owner) }
        let key = SecretToken.generate(prefix: "kgw_")
        let line = "\(owner) \(SecretToken.hash(key))\n"
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw GatewayKeyFileError.unreadable(path)
            }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw GatewayKeyFileError.unreadable(path) }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(line.utf8))
        return key
    }

    /// A username as Kiroku accepts them.
    static func isValidOwner(_ owner: String) -> Bool {
        AccountService.isValidUsername(owner)
    }

    static func read(_ path: String) throws -> [String: String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw GatewayKeyFileError.unreadable(path) }
        var owners: [String: String] = [:]
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = line.split(whereSeparator: \.isWhitespace).map(String.init)
            if fields.isEmpty { continue }
            guard fields.count == 2, isValidOwner(fields[0]), fields[1].count == 64, fields[1].allSatisfy(\.isHexDigit) else {
                throw GatewayKeyFileError.malformedLine(path, number + 1)
            }
            owners[fields[1].lowercased()] = fields[0]
        }
        return owners
    }

    private static func modified(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

/// Why the gateway key file cannot be used, in both languages.
public enum GatewayKeyFileError: Error, CustomStringConvertible {
    case unreadable(String)
    case malformedLine(String, Int)
    case invalidOwner(String)

    public var message: LocalizedText {
        switch self {
        case .unreadable(let path):
            LocalizedText(ja: "ゲートウェイのキーファイル \(path) を読み書きできません。", en: "Cannot read or write the gateway key file \(path).")
        case .malformedLine(let path, let line):
            LocalizedText(
                ja: "\(path) の \(line) 行目が「<所有者> <キーの SHA-256（16 進 64 文字）>」の形ではありません。",
                en: "Line \(line) of \(path) is not “<owner> <SHA-256 of the key, 64 hex digits>”."
            )
        case .invalidOwner(let owner):
            LocalizedText(
                ja: "所有者「\(owner)」は Kiroku のユーザー名ではありえません（3〜32 文字の英数字・「_」「.」「-」）。",
                en: "“\(owner)” cannot be a Kiroku username (3–32 characters: letters, digits, “_”, “.” or “-”)."
            )
        }
    }

    public var description: String { "\(message.en) / \(message.ja)" }
}
