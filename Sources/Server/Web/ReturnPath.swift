import Foundation

/// Where to send someone after signing in or switching language: a path on this site and nothing else.
///
/// Browsers are lenient with `Location`: they drop tabs and newlines, read `\` as `/`, and take `//host` as another
/// site — so `/\t/evil.example` becomes `//evil.example`. A target is kept only when the text as given *and* the same
/// text percent-decoded once more are both plain local paths; anything else falls back to `/`.
enum ReturnPath {
    static let fallback = "/"
    /// Longer targets are no page of Kiroku's.
    static let maxLength = 2048

    /// `candidate` as received (a query parameter, already decoded once); `/` unless it is a safe local path.
    static func safe(_ candidate: String?) -> String {
        guard let candidate, candidate.utf8.count <= maxLength, isLocalPath(candidate),
              let decoded = candidate.removingPercentEncoding, isLocalPath(decoded)
        else { return fallback }
        return candidate
    }

    /// One `/` then a path: no second slash or backslash after it (another host), no backslash anywhere, no control
    /// character or whitespace anywhere (browsers strip or rewrite them).
    private static func isLocalPath(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.first == "/" else { return false }
        if let second = scalars.dropFirst().first, second == "/" || second == "\\" { return false }
        return !scalars.contains { scalar in
            scalar == "\\" || scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
        }
    }

    /// The target as a query value (`/signin?next=…`), so its own `?` and `&` stay part of it.
    static func queryValue(_ path: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#?")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? fallback
    }
}
