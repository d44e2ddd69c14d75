import Foundation

/// How `POST /v1/auth/apple` checks Apple identity tokens: Apple's signing keys as a JWKS file (the server may be
/// offline, so nothing is fetched) and the client ids (the app's bundle id, a Services ID) a token may be issued to.
public struct AppleSignInSettings: Sendable, Equatable {
    public var keySetPath: String
    public var audiences: Set<String>

    public init(keySetPath: String, audiences: Set<String>) {
        self.keySetPath = keySetPath
        self.audiences = audiences
    }
}
