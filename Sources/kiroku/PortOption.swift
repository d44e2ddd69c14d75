import ArgumentParser
import Foundation

/// A TCP port from a flag or the environment: 1–65535, checked before anything narrows it to 16 bits (the listener
/// would otherwise take 99999 as 34463).
enum PortOption {
    static let range = 1...65_535

    /// The environment variable's port; one that is set but not a whole number is 0, which `validate` refuses
    /// naming the variable, instead of falling back to the default unseen.
    static func environment(_ name: String) -> Int? {
        guard let text = ProcessInfo.processInfo.environment[name], !text.isEmpty else { return nil }
        return Int(text.trimmingCharacters(in: .whitespaces)) ?? 0
    }

    /// Refuses a port outside 1–65535, naming the environment variable when the value came from it.
    static func validate(_ port: Int, option: String, environment: String? = nil) throws {
        guard !range.contains(port) else { return }
        let variable = environment.flatMap { name in ProcessInfo.processInfo.environment[name].map { (name: name, text: $0) } }
        let fromEnvironment = variable.map { Self.environment($0.name) == port } ?? false
        let (source, given) = if let variable, fromEnvironment { (variable.name, variable.text) } else { (option, String(port)) }
        throw ValidationError(
            "\(source) must be a port number from 1 to 65535, not \(given). / \(source) には 1〜65535 のポート番号を指定してください（\(given) は使えません）。"
        )
    }
}
