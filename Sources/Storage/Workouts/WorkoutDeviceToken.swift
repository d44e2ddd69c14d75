import Foundation
import GRDB

/// A BulkTrack device: the phone's `X-Device-Id` and the user it acts for.
public struct WorkoutDevice: Codable, Sendable, Equatable {
    public var deviceId: String
    public var userId: Int64
    public var createdAt: Date
    public var lastSeenAt: Date
}

extension WorkoutDevice: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "workoutDevice"

    public enum Columns {
        public static let deviceId = Column(CodingKeys.deviceId)
        public static let userId = Column(CodingKeys.userId)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let lastSeenAt = Column(CodingKeys.lastSeenAt)
    }
}

/// An access or refresh token handed to a device; only its hash is stored.
public struct WorkoutDeviceToken: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        case access, refresh
    }

    public var id: Int64?
    public var userId: Int64
    public var deviceId: String
    public var kind: Kind
    public var tokenHash: String
    public var createdAt: Date
    public var expiresAt: Date
    public var rotatedAt: Date?
    public var revokedAt: Date?
}

extension WorkoutDeviceToken: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "workoutDeviceToken"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let userId = Column(CodingKeys.userId)
        public static let deviceId = Column(CodingKeys.deviceId)
        public static let kind = Column(CodingKeys.kind)
        public static let tokenHash = Column(CodingKeys.tokenHash)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let expiresAt = Column(CodingKeys.expiresAt)
        public static let rotatedAt = Column(CodingKeys.rotatedAt)
        public static let revokedAt = Column(CodingKeys.revokedAt)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// The hashes and lifetimes of a freshly issued access + refresh pair.
public struct WorkoutTokenPair: Sendable {
    public var accessHash: String
    public var refreshHash: String
    public var accessExpiresAt: Date
    public var refreshExpiresAt: Date

    public init(accessHash: String, refreshHash: String, accessExpiresAt: Date, refreshExpiresAt: Date) {
        self.accessHash = accessHash
        self.refreshHash = refreshHash
        self.accessExpiresAt = accessExpiresAt
        self.refreshExpiresAt = refreshExpiresAt
    }
}

/// What presenting a refresh token led to.
public enum WorkoutRefreshOutcome: Sendable, Equatable {
    /// A valid token: it is now rotated and the new pair is stored for this user and device.
    case rotated(userId: Int64, deviceId: String)
    /// A token that was already rotated or revoked: someone replayed it, so the device's tokens are revoked.
    case reused(userId: Int64)
    /// Unknown or expired.
    case invalid
}

extension WorkoutDevice: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}

extension WorkoutDeviceToken: UserOwnedRecord {
    static var ownerColumn: Column { Columns.userId }
}
