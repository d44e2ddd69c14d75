import CryptoExtras
import Foundation
import TestSupport

/// Plays Apple for the Sign in with Apple tests: its own RSA key, published as a JWKS file the server is pointed at,
/// and identity tokens signed with it (or with a stranger's key).
struct AppleIdentityTokenFactory {
    let key: _RSA.Signing.PrivateKey
    let kid: String
    let jwksPath: String

    init(kid: String = "test-key-1") throws {
        key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        self.kid = kid
        let primitives = try key.publicKey.getKeyPrimitives()
        let jwks: [String: Any] = ["keys": [[
            "kty": "RSA", "kid": kid, "use": "sig", "alg": "RS256",
            "n": Self.base64URL(primitives.modulus), "e": Self.base64URL(primitives.publicExponent),
        ]]]
        jwksPath = TestFiles.directory.appendingPathComponent("apple-jwks-\(UUID().uuidString).json").path
        try JSONSerialization.data(withJSONObject: jwks).write(to: URL(fileURLWithPath: jwksPath))
    }

    /// A token as Apple issues one for `audience`, with any claim or header field replaced by `overrides`.
    func token(
        subject: String, audience: String, issuedAt: Date = Date(), lifetime: TimeInterval = 600,
        claims overrides: [String: Any] = [:], header headerOverrides: [String: Any] = [:], signedBy signer: _RSA.Signing.PrivateKey? = nil
    ) throws -> String {
        var header: [String: Any] = ["alg": "RS256", "kid": kid]
        header.merge(headerOverrides) { $1 }
        var claims: [String: Any] = [
            "iss": "https://appleid.apple.com", "aud": audience, "sub": subject,
            "iat": Int(issuedAt.timeIntervalSince1970), "exp": Int(issuedAt.timeIntervalSince1970 + lifetime),
            "email_verified": true, "auth_time": Int(issuedAt.timeIntervalSince1970),
        ]
        claims.merge(overrides) { $1 }
        let signingInput = try Self.base64URL(JSONSerialization.data(withJSONObject: header)) + "." + Self.base64URL(JSONSerialization.data(withJSONObject: claims))
        let signature = try (signer ?? key).signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5)
        return signingInput + "." + Self.base64URL(signature.rawRepresentation)
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
