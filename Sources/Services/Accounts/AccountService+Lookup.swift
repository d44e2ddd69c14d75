import Foundation
import Storage

/// The accounts as the operator names them on the command line (`--user hanako`, `kiroku user list`): by username,
/// whatever its case, and all of them.
extension AccountService {
    /// The account with this username (compared without regard to case), or nil when there is none.
    public func user(username: String) async throws -> User? {
        try await database.user(username: username)
    }

    /// Every account, in username order.
    public func allUsers() async throws -> [User] {
        try await database.allUsers()
    }
}
