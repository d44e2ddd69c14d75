import Foundation
import GRDB

/// Why an account could not be created.
public enum AccountStoreError: Error, Equatable, Sendable {
    case usernameTaken
}

extension AppDatabase {
    // MARK: Users

    public func createUser(_ user: User) async throws -> User {
        do {
            return try await writer.write { db in
                var user = user
                try user.insert(db)
                return user
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw AccountStoreError.usernameTaken
        }
    }

    public func user(id: Int64) async throws -> User? {
        try await reader.read { db in try Self.user(id: id, db) }
    }

    /// Every signed-in request asks: a cached statement, not SQL generated and compiled again each time.
    private static func user(id: Int64, _ db: Database) throws -> User? {
        try SQLRequest<User>(sql: "SELECT * FROM \"user\" WHERE id = ?", arguments: [id], cached: true).fetchFirstReadable(db)
    }

    public func user(username: String) async throws -> User? {
        try await reader.read { db in
            try User.filter { $0.username.collating(.nocase) == username }.fetchFirstReadable(db)
        }
    }

    public func allUsers() async throws -> [User] {
        try await reader.read { db in try User.order(\.username).fetchReadable(db) }
    }

    public func updateUser(_ user: User) async throws {
        try await writer.write { db in try user.update(db) }
    }

    /// Deletes the account and, through ON DELETE CASCADE, every row it owns. Returns the upload files its import
    /// jobs pointed at, read in the same transaction, so the caller can remove them too.
    @discardableResult
    public func deleteUser(id: Int64) async throws -> [String] {
        try await writer.write { db in
            let uploads = try String.fetchAll(db, ImportJob.owned(by: id).select(\.storedPath).filter { $0.storedPath != nil })
            // The hourly rollups go first, so the records' cascade finds no bucket to keep up to date.
            try db.execute(sql: "DELETE FROM healthRecordHourly WHERE userId = ?", arguments: [id])
            try User.deleteOne(db, key: id)
            return uploads
        }
    }

    // MARK: Sessions

    /// The session for a cookie's token hash, if it exists and has not expired at `now`.
    public func session(tokenHash: String, now: Date) async throws -> Session? {
        try await reader.read { db in
            try Session
                .filter { $0.tokenHash == tokenHash && $0.expiresAt > now }
                .fetchFirstReadable(db)
        }
    }

    public func deleteSession(tokenHash: String) async throws {
        _ = try await writer.write { db in try Session.deleteOne(db, key: tokenHash) }
    }

    /// Notes that the session was used at `now`, unless that was noted less than five minutes ago.
    public func touchSession(tokenHash: String, now: Date) async throws {
        let recent = now.addingTimeInterval(-300)
        _ = try await writer.write { db in
            try Session.filter { $0.tokenHash == tokenHash && ($0.lastUsedAt == nil || $0.lastUsedAt < recent) }
                .updateAll(db) { $0.lastUsedAt.set(to: now) }
        }
    }

    /// The user's signed-in browsers, most recently used first.
    public func activeSessions(userId: Int64, now: Date) async throws -> [Session] {
        try await reader.read { db in
            try Session.owned(by: userId).filter { $0.expiresAt > now }.fetchReadable(db)
                .sorted { ($0.lastUsedAt ?? $0.createdAt) > ($1.lastUsedAt ?? $1.createdAt) }
        }
    }

    /// Ends the user's session with this public id; false when the user has none (another user's reads the same).
    public func deleteSession(userId: Int64, publicId: String) async throws -> Bool {
        guard publicId.count == 16, publicId.allSatisfy(\.isHexDigit) else { return false }
        return try await writer.write { db in
            try Session.owned(by: userId).filter { $0.tokenHash.like("\(publicId)%") }.deleteAll(db) == 1
        }
    }

    /// Starts a session and sweeps away expired ones, so the table never grows with abandoned browsers.
    public func insertSession(_ session: Session, now: Date) async throws {
        try await writer.write { db in
            try Session.filter { $0.expiresAt <= now }.deleteAll(db)
            try session.insert(db)
        }
    }

    /// Ends every session of the user except `keeping` (after a password change: other browsers must sign in again).
    public func deleteSessions(userId: Int64, keeping tokenHash: String?) async throws {
        _ = try await writer.write { db in
            try Session.owned(by: userId).filter { $0.tokenHash != (tokenHash ?? "") }.deleteAll(db)
        }
    }

    /// How many unexpired sessions the user has, for "signed in on N other browsers".
    public func activeSessionCount(userId: Int64, now: Date) async throws -> Int {
        try await reader.read { db in
            try Session.owned(by: userId).filter { $0.expiresAt > now }.fetchCount(db)
        }
    }

    public func updatePasswordHash(userId: Int64, hash: String) async throws {
        _ = try await writer.write { db in
            try User.filter(key: userId).updateAll(db) { $0.passwordHash.set(to: hash) }
        }
    }

    // MARK: API tokens

    public func insertAPIToken(_ token: APIToken) async throws -> APIToken {
        try await writer.write { db in
            var token = token
            try token.insert(db)
            return token
        }
    }

    public func apiTokens(userId: Int64) async throws -> [APIToken] {
        try await reader.read { db in
            try APIToken.owned(by: userId).order { [$0.createdAt.desc, $0.id.desc] }.fetchReadable(db)
        }
    }

    /// Finds the token with this hash and its owner, and stamps the token's last use and address. Returns nil for
    /// unknown (or revoked) tokens. Every API request asks (a gateway batch, a records post), so the token and its
    /// owner are read in one read transaction, and a token used again within a minute from the same address is only
    /// read: a phone posting every few seconds does not turn every request into a write.
    public func useAPIToken(tokenHash: String, address: String? = nil, now: Date) async throws -> (token: APIToken, user: User)? {
        let found = try await reader.read { db -> (APIToken, User)? in
            guard let token = try SQLRequest<APIToken>(sql: "SELECT * FROM apiToken WHERE tokenHash = ?", arguments: [tokenHash], cached: true).fetchFirstReadable(db),
                  let user = try Self.user(id: token.userId, db)
            else { return nil }
            return (token, user)
        }
        guard let (found, user) = found else { return nil }
        var token = found
        if let last = token.lastUsedAt, now.timeIntervalSince(last) < 60, now >= last, token.lastAddress == address { return (token, user) }
        token.lastUsedAt = now
        token.lastAddress = address
        let stamped = token
        // Only the two columns, and only if the token still exists (it may have been revoked in between).
        let updated = try await writer.write { db in
            try APIToken.filter(APIToken.Columns.tokenHash == tokenHash)
                .updateAll(db, [APIToken.Columns.lastUsedAt.set(to: stamped.lastUsedAt), APIToken.Columns.lastAddress.set(to: stamped.lastAddress)])
        }
        return updated > 0 ? (stamped, user) : nil
    }

    /// Revokes one of the user's tokens. Returns false when the user owns no token with that id.
    @discardableResult
    public func revokeAPIToken(id: Int64, userId: Int64) async throws -> Bool {
        try await writer.write { db in
            try APIToken.owned(by: userId).filter(key: id).deleteAll(db) > 0
        }
    }
}
