import ArgumentParser
import Foundation
import Services

extension Serve {
    /// Sign in with Apple's settings from the flags, else the environment; nil when neither names a JWKS file.
    /// The file is read once here so a wrong path or a file that is not Apple's keys stops the start, not a sign-in.
    func appleSignInSettings() throws -> AppleSignInSettings? {
        let environment = ProcessInfo.processInfo.environment
        guard let path = appleJWKS ?? environment["KIROKU_APPLE_JWKS"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            guard appleAudiences.isEmpty else {
                throw ValidationError("--apple-audience needs --apple-jwks. / --apple-audience には --apple-jwks が必要です。")
            }
            return nil
        }
        let fromEnvironment = (environment["KIROKU_APPLE_AUDIENCES"] ?? "").split(separator: ",").map(String.init)
        let audiences = Set((appleAudiences.isEmpty ? fromEnvironment : appleAudiences).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        guard !audiences.isEmpty else {
            throw ValidationError("--apple-jwks needs at least one --apple-audience (the app's bundle id). / --apple-jwks には --apple-audience（アプリのバンドル ID）が 1 つ以上必要です。")
        }
        do {
            _ = try AppleKeySet.load(path: path)
        } catch {
            throw ValidationError("\(error)")
        }
        return AppleSignInSettings(keySetPath: path, audiences: audiences)
    }
}
