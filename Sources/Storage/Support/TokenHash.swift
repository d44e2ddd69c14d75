import Crypto
import Foundation

/// What Kiroku keeps of a token it hands out (session cookie, API token, share link, calendar feed): its SHA-256, as
/// lower-case hex. The one definition: `SecretToken.hash` (Services) is this, and a migration that finds tokens stored
/// in plain text hashes them with it. Changing it would stop every stored token from matching.
public enum TokenHash {
    /// Tokens are long random strings, so a fast hash is enough (unlike passwords).
    public static func sha256Hex(_ secret: String) -> String {
        LowercaseHex.text(SHA256.hash(data: Data(secret.utf8)))
    }
}
