import HummingbirdBcrypt
import NIOPosix

/// bcrypt on NIO's thread pool: a hash takes hundreds of milliseconds by design and must not block an event loop.
public struct PasswordHasher: Sendable {
    /// 12 in production; tests lower it because every sign-up would otherwise cost a quarter second.
    public let cost: UInt8

    public init(cost: UInt8 = 12) {
        self.cost = cost
    }

    public func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
