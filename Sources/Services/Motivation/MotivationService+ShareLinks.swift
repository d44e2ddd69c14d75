import Foundation
import Health
import Motivation
import Storage

extension MotivationService {
    /// A public share link just made: the token appears here once and is never stored, only its hash.
    public struct NewShareLink: Sendable {
        public let row: ShareLinkRow
        public let token: String
        /// `/s/<token>`: the public Open Graph page.
        public var path: String { "/s/\(token)" }
    }

    /// At most this many live links per user, so a script cannot fill the table.
    public static let maximumShareLinks = 50

    /// Makes a revocable public link to the share card, drawn with `layout` in `language` and showing only what
    /// `privacy` ticks (as chosen now; later changes to the choices need a new link).
    public func createShareLink(userId: Int64, layout: String, privacy: SharePrivacy, language: Language, now: Date) async throws -> NewShareLink {
        guard ["portrait", "landscape"].contains(layout) else { throw ServiceError.invalidParameter("layout", expected: .oneOf(["portrait", "landscape"])) }
        _ = try await user(userId)
        guard try await database.shareLinks(userId: userId).count < Self.maximumShareLinks else {
            throw ServiceError.invalidParameter("count", expected: ExpectedValue(
                ja: "共有リンクは最大 \(Self.maximumShareLinks) 件です。新しく作る前にどれかを削除してください",
                en: "expected at most \(Self.maximumShareLinks) live share links; revoke one before making another"
            ))
        }
        let token = SecretToken.generate()
        let row = try await database.insertShareLink(ShareLinkRow(
            userId: userId, tokenHash: SecretToken.hash(token), layout: layout, language: language.rawValue,
            showsWeight: privacy.showsWeight, showsBMI: privacy.showsBMI, showsName: privacy.showsName, showsDates: privacy.showsDates,
            createdAt: now
        ))
        return NewShareLink(row: row, token: token)
    }

    public func shareLinks(userId: Int64) async throws -> [ShareLinkRow] {
        try await database.shareLinks(userId: userId)
    }

    /// Revokes (deletes) the user's link: its address answers 404 from now on and its drawn card is removed.
    /// Another user's id is not found.
    public func revokeShareLink(id: Int64, userId: Int64) async throws {
        guard try await database.deleteShareLink(id: id, userId: userId) else { throw ServiceError.notFound }
        shareCards?.remove(userId: userId, scope: .link(id: id))
    }

    /// What a public link shows now: the owner's card with the link's saved choices, or nil for an unknown or
    /// revoked token.
    public func sharedCard(token: String, now: Date) async throws -> (link: ShareLinkRow, card: ShareCard)? {
        guard !token.isEmpty, token.count <= 100, let link = try await database.shareLink(tokenHash: SecretToken.hash(token)) else { return nil }
        let privacy = SharePrivacy(showsWeight: link.showsWeight, showsBMI: link.showsBMI, showsName: link.showsName, showsDates: link.showsDates)
        let card = try await shareCard(userId: link.userId, privacy: privacy, language: Language(rawValue: link.language) ?? .ja, now: now)
        return (link, card)
    }
}
