import Foundation
import Storage

/// Random secrets handed to clients (session cookies, API tokens) and the hashes Kiroku keeps of them.
public enum SecretToken {
    /// 32 random bytes, base64url without padding, behind a readable prefix such as "krk_".
    public static func generate(prefix: String = "") -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let encoded = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return prefix + encoded
    }

    /// SHA-256, hex (`TokenHash`, in Storage so that migrations hash stored tokens the same way).
    public static func hash(_ secret: String) -> String {
        TokenHash.sha256Hex(secret)
    }

    /// Compares without an early exit, so the time taken does not hint at how much matched.
    public static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
