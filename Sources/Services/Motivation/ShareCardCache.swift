import Crypto
import Foundation
import Health

/// Share cards drawn once per content and kept on disk, so a popular public link or a reloaded preview does not
/// start the rasterizer on every request; new drawings are limited per account.
///
/// Files live in the owner's folder under the data directory (`share-cards/user-<id>/`), one per scope (the
/// signed-in preview per layout, or one public link) named by a hash of what was drawn: a changed card draws anew
/// and replaces the old file. Revoking a link removes its file; deleting the account removes the folder.
public final class ShareCardCache: Sendable {
    /// Which card of the owner: the signed-in preview (one per layout) or a public link.
    public enum Scope: Sendable, Equatable {
        case account(layout: String)
        case link(id: Int64)

        var prefix: String {
            switch self {
            case let .account(layout): "account-\(layout.filter { $0.isLetter })-"
            case let .link(id): "link-\(id)-"
            }
        }
    }

    /// Too many new drawings for one account in a minute: try again shortly (a cached card is never refused).
    public struct Busy: DomainError {
        public let retryAfterSeconds: Int?
        public var code: String { "share_card_busy" }
        public var httpStatus: Int { 429 }
        public var message: LocalizedText {
            let seconds = retryAfterSeconds ?? 60
            return LocalizedText(
                ja: "共有カードの作成が続いています。\(seconds)秒ほどしてからもう一度お試しください。",
                en: "Too many share cards drawn just now. Please try again in about \(seconds) seconds."
            )
        }
    }

    /// What `png` did: served the stored drawing, or drew (and stored) a new one.
    public enum Outcome: String, Sendable {
        case cached
        case drawn
    }

    public let files: UserFiles
    public let rendersPerMinute: Int
    private let limiter: SlidingWindowLimiter

    public init(files: UserFiles, rendersPerMinute: Int) {
        self.files = files
        self.rendersPerMinute = rendersPerMinute
        limiter = SlidingWindowLimiter(limit: max(1, rendersPerMinute), window: 60)
    }

    /// The PNG of `content` (the exact picture to draw, e.g. its SVG and size): the stored file when this scope
    /// was drawn with the same content, else `render`'s result if the account's budget allows (else `Busy`),
    /// stored in place of the scope's older drawings.
    public func png(userId: Int64, scope: Scope, content: String, now: Date, render: () async throws -> Data) async throws -> (png: Data, outcome: Outcome) {
        let folder = files.shareCardDirectory(userId: userId)
        let hash = HexDigits.lowercase(SHA256.hash(data: Data(content.utf8)))
        let file = folder.appendingPathComponent("\(scope.prefix)\(hash).png")
        if let stored = try? Data(contentsOf: file), !stored.isEmpty { return (stored, .cached) }
        if case let .retryAfter(seconds) = limiter.admit("user-\(userId)", now: now) { throw Busy(retryAfterSeconds: seconds) }
        let png = try await render()
        remove(userId: userId, scope: scope)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try png.write(to: file, options: .atomic)
        return (png, .drawn)
    }

    /// Removes the scope's stored drawings (a revoked link's card).
    public func remove(userId: Int64, scope: Scope) {
        let folder = files.shareCardDirectory(userId: userId)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(scope.prefix) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
