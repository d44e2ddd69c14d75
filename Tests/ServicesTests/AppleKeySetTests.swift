import Foundation
import Services
import Testing

/// The JWKS file `kiroku serve --apple-jwks` names: anything that is not Apple's key set stops the start with a
/// message that says what is wrong, rather than failing every sign-in later.
@Suite struct AppleKeySetTests {
    static func keySet(_ json: String) throws(AppleKeySetError) -> AppleKeySet {
        try AppleKeySet(jwks: Data(json.utf8))
    }

    @Test func aFileThatIsNotAKeySetIsRefusedWithItsReason() throws {
        #expect(throws: AppleKeySetError.notJWKS) { try Self.keySet("<html>Apple</html>") }
        #expect(throws: AppleKeySetError.notJWKS) { try Self.keySet(#"{"kid": "x"}"#) }
        #expect(throws: AppleKeySetError.noKeys) { try Self.keySet(#"{"keys": []}"#) }
        // Only RSA signing keys for RS256 count: an EC key or an encryption key leaves nothing to check with.
        #expect(throws: AppleKeySetError.noKeys) {
            try Self.keySet(#"{"keys": [{"kty": "EC", "kid": "e1", "crv": "P-256", "x": "AA", "y": "AA"}, {"kty": "RSA", "kid": "r1", "use": "enc", "n": "AQAB", "e": "AQAB"}]}"#)
        }
        #expect(throws: AppleKeySetError.badKey(kid: "r2")) { try Self.keySet(#"{"keys": [{"kty": "RSA", "kid": "r2", "use": "sig", "alg": "RS256", "n": "%%%", "e": "AQAB"}]}"#) }
        let missing = "/nonexistent/apple-keys-\(UUID().uuidString).json"
        #expect(throws: AppleKeySetError.unreadable(path: missing)) { try AppleKeySet.load(path: missing) }
        #expect(AppleKeySetError.noKeys.description.contains("RS256") && AppleKeySetError.noKeys.description.contains("署名鍵"))
    }
}
