import ArgumentParser
import Foundation

/// `--public-url`: the address people reach the server at, for links that leave it (a reminder's "record now").
/// The flag, else KIROKU_PUBLIC_URL; an http(s) address with a host and nothing after the path.
enum PublicURLOption {
    static func value(_ flag: String?) throws -> String? {
        guard let text = flag ?? ProcessInfo.processInfo.environment["KIROKU_PUBLIC_URL"], !text.isEmpty else { return nil }
        guard let components = URLComponents(string: text), ["http", "https"].contains(components.scheme?.lowercased() ?? ""),
              !(components.host ?? "").isEmpty, components.query == nil, components.fragment == nil
        else {
            throw ValidationError("--public-url takes an http(s) address such as https://kiroku.example, got “\(text)”. / --public-url には https://kiroku.example のような http(s) のアドレスを指定してください（「\(text)」）。")
        }
        return text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
