import Foundation
import Health
import Storage

/// The account as its owner sees it: in `/api/v1/me` and at the top of the JSON export.
public struct AccountProfile: Codable, Sendable {
    public let username: String
    public let displayName: String
    public let heightCm: Double?
    public let targetWeightKg: Double?
    public let timeZone: String
    public let language: String?
    public let createdAt: Date
    public let dateOfBirth: LocalDay?
    public let biologicalSex: BiologicalSex?

    public init(_ user: User) {
        username = user.username
        displayName = user.displayName
        heightCm = user.heightCm
        targetWeightKg = user.targetWeightKg
        timeZone = user.timeZone
        language = user.language
        createdAt = user.createdAt
        dateOfBirth = user.dateOfBirth
        biologicalSex = user.biologicalSex
    }
}
