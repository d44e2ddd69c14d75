import CryptoExtras
import Foundation

/// A Sign in with Apple identity token (a JWS compact RS256 JWT) checked the way Apple says a server must: the
/// signature against Apple's key named by `kid`, `iss` Apple, `aud` one of our client ids, not expired.
public struct AppleIdentityToken: Sendable, Equatable {
    public static let issuer = "https://appleid.apple.com"
    /// Clock difference tolerated between Apple, the phone and this server.
    public static let leeway: TimeInterval = 60
    /// Apple's tokens are about 1 KB; anything far larger is not one.
    static let maxLength = 16 * 1024

    /// Apple's stable, app-scoped user id.
    public let subject: String
    public let audience: String
    public let expiresAt: Date

    public static func verify(_ token: String, keys: AppleKeySet, audiences: Set<String>, now: Date) throws(AppleSignInError) -> AppleIdentityToken {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= maxLength, parts.count == 3,
              let headerData = Base64URL.decode(parts[0]), let payloadData = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]),
              let header = try? JSONDecoder().decode(Header.self, from: headerData),
              let claims = try? JSONDecoder().decode(Claims.self, from: payloadData)
        else { throw .invalidToken(.malformed) }
        guard header.alg == "RS256" else { throw .invalidToken(.unsupportedAlgorithm) }
        guard let kid = header.kid, let key = keys.keys[kid] else { throw .invalidToken(.unknownKey) }
        let signedPart = Data(token.utf8.prefix(parts[0].utf8.count + 1 + parts[1].utf8.count))
        guard key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: signedPart, padding: .insecurePKCS1v1_5) else {
            throw .invalidToken(.badSignature)
        }
        guard claims.iss == issuer else { throw .invalidToken(.wrongIssuer) }
        guard let audience = claims.aud.first(where: audiences.contains) else { throw .invalidToken(.wrongAudience) }
        let expiresAt = Date(timeIntervalSince1970: claims.exp)
        guard expiresAt.addingTimeInterval(leeway) > now else { throw .invalidToken(.expired) }
        guard Date(timeIntervalSince1970: claims.iat) <= now.addingTimeInterval(leeway) else { throw .invalidToken(.issuedInTheFuture) }
        guard !claims.sub.isEmpty, claims.sub.count <= 255 else { throw .invalidToken(.malformed) }
        return AppleIdentityToken(subject: claims.sub, audience: audience, expiresAt: expiresAt)
    }

    /// The `sub` the token claims, read without checking anything: only for counting failed attempts per Apple
    /// account before the (costlier) signature check. Never trusted to sign anyone in.
    public static func claimedSubject(_ token: String) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard token.utf8.count <= maxLength, parts.count == 3, let payload = Base64URL.decode(parts[1]) else { return nil }
        return (try? JSONDecoder().decode(Subject.self, from: payload))?.sub
    }

    private struct Subject: Decodable {
        let sub: String
    }

    private struct Header: Decodable {
        let alg: String
        let kid: String?
    }

    private struct Claims: Decodable {
        let iss: String
        /// RFC 7519 allows one audience or a list; Apple sends one.
        let aud: [String]
        let sub: String
        let exp: TimeInterval
        let iat: TimeInterval

        enum CodingKeys: String, CodingKey { case iss, aud, sub, exp, iat }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            iss = try container.decode(String.self, forKey: .iss)
            if let one = try? container.decode(String.self, forKey: .aud) { aud = [one] } else { aud = try container.decode([String].self, forKey: .aud) }
            sub = try container.decode(String.self, forKey: .sub)
            exp = try container.decode(TimeInterval.self, forKey: .exp)
            iat = try container.decode(TimeInterval.self, forKey: .iat)
        }
    }
}
