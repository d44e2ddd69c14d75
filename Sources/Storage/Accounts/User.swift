import Foundation
import GRDB
import Health

/// An account. The profile settings live on the same row: there is exactly one profile per account.
public struct User: Codable, Sendable, Equatable, Identifiable {
    public var id: Int64?
    public var username: String
    public var passwordHash: String
    public var displayName: String
    public var heightCm: Double?
    public var targetWeightKg: Double?
    public var timeZone: String
    public var language: String?
    public var createdAt: Date
    /// Stored as "YYYY-MM-DD". Set by the user, or by an import when it was empty.
    public var dateOfBirth: LocalDay?
    public var biologicalSex: BiologicalSex?

    public init(
        id: Int64? = nil,
        username: String,
        passwordHash: String,
        displayName: String = "",
        heightCm: Double? = nil,
        targetWeightKg: Double? = nil,
        timeZone: String = "Asia/Tokyo",
        language: String? = nil,
        createdAt: Date,
        dateOfBirth: LocalDay? = nil,
        biologicalSex: BiologicalSex? = nil
    ) {
        self.id = id
        self.username = username
        self.passwordHash = passwordHash
        self.displayName = displayName
        self.heightCm = heightCm
        self.targetWeightKg = targetWeightKg
        self.timeZone = timeZone
        self.language = language
        self.createdAt = createdAt
        self.dateOfBirth = dateOfBirth
        self.biologicalSex = biologicalSex
    }

    /// Kiroku's home zone. A fixed +09:00 (Japan keeps no daylight saving) if the system has no zone database.
    public static let defaultTimeZone = TimeZone(identifier: "Asia/Tokyo") ?? TimeZone(secondsFromGMT: 9 * 3600) ?? .current

    /// The user's time zone for day boundaries; Asia/Tokyo when the stored name is unknown to this system.
    public var resolvedTimeZone: TimeZone {
        TimeZone(identifier: timeZone) ?? Self.defaultTimeZone
    }
}

extension User: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "user"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let username = Column(CodingKeys.username)
        public static let passwordHash = Column(CodingKeys.passwordHash)
        public static let displayName = Column(CodingKeys.displayName)
        public static let heightCm = Column(CodingKeys.heightCm)
        public static let targetWeightKg = Column(CodingKeys.targetWeightKg)
        public static let timeZone = Column(CodingKeys.timeZone)
        public static let language = Column(CodingKeys.language)
        public static let createdAt = Column(CodingKeys.createdAt)
        public static let dateOfBirth = Column(CodingKeys.dateOfBirth)
        public static let biologicalSex = Column(CodingKeys.biologicalSex)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
