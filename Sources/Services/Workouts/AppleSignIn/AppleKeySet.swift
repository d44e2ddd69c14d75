import CryptoExtras
import Foundation

/// Apple's published identity-token signing keys, a JWKS document (`{"keys": [{"kty": "RSA", "kid", "n", "e", …}]}`),
/// by key id. Keys that are not RSA signing keys for RS256 are left out, so a token naming one is an unknown key.
public struct AppleKeySet: Sendable {
    let keys: [String: _RSA.Signing.PublicKey]

    public var keyIds: [String] { keys.keys.sorted() }

    public init(jwks data: Data) throws(AppleKeySetError) {
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else { throw .notJWKS }
        var keys: [String: _RSA.Signing.PublicKey] = [:]
        for key in document.keys where key.kty == "RSA" && (key.use ?? "sig") == "sig" && (key.alg ?? "RS256") == "RS256" {
            guard let kid = key.kid, let n = key.n.flatMap(Base64URL.decode), let e = key.e.flatMap(Base64URL.decode),
                  let publicKey = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { throw .badKey(kid: key.kid ?? "?") }
            keys[kid] = publicKey
        }
        guard !keys.isEmpty else { throw .noKeys }
        self.keys = keys
    }

    /// Reads the file anew each time, so replacing it with Apple's current keys needs no restart.
    public static func load(path: String) throws(AppleKeySetError) -> AppleKeySet {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path: path) }
        return try AppleKeySet(jwks: data)
    }

    private struct Document: Decodable {
        let keys: [Key]
    }

    private struct Key: Decodable {
        let kty: String
        let kid: String?
        let use: String?
        let alg: String?
        let n: String?
        let e: String?
    }
}

/// Why the configured JWKS file cannot be used; said at start-up by `kiroku serve`.
public enum AppleKeySetError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String)
    case notJWKS
    case badKey(kid: String)
    case noKeys

    public var description: String {
        switch self {
        case .unreadable(let path): "Cannot read the Apple JWKS file \(path). / Apple の JWKS ファイル \(path) を読めません。"
        case .notJWKS: "The Apple JWKS file is not a JWKS document ({\"keys\": […]}). / Apple の JWKS ファイルが JWKS 形式（{\"keys\": […]}）ではありません。"
        case .badKey(let kid): "The Apple JWKS file has an RSA key that cannot be read (kid \(kid)). / Apple の JWKS ファイルに読めない RSA 鍵があります（kid \(kid)）。"
        case .noKeys: "The Apple JWKS file has no RS256 signing key. / Apple の JWKS ファイルに RS256 の署名鍵がありません。"
        }
    }
}
