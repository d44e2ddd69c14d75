import Foundation
import Health
import Hummingbird
import Storage

/// The account as its owner sees it: in `/api/v1/me` and at the top of the JSON export.
struct AccountProfile: ResponseEncodable {
    let username: String
    let displayName: String
    let heightCm: Double?
    let targetWeightKg: Double?
    let timeZone: String
    let language: String?
    let createdAt: Date
    let dateOfBirth: LocalDay?
    let biologicalSex: BiologicalSex?

    init(_ user: User) {
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
