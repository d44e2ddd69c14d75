import Foundation
import GRDB
import Health

/// Puts what an export's `<Me>` says into the importing user's profile — only into fields that are empty,
/// because a value the user typed is worth more than one an export carried along. Runs inside the import
/// batch's transaction, so the profile and the job's record of it commit (or roll back) together.
enum ImportedProfileFiller {
    /// The fields it filled, in `ProfileCharacteristic` order.
    static func fill(_ characteristics: ImportedCharacteristics, userId: Int64, now: Date, db: Database) throws -> [ProfileCharacteristic] {
        guard !characteristics.isEmpty, var user = try User.filter(key: userId).fetchFirstReadable(db) else { return [] }
        var filled: [ProfileCharacteristic] = []
        let today = LocalDay(now, in: user.resolvedTimeZone)
        if user.dateOfBirth == nil, let day = characteristics.dateOfBirth, DateOfBirth.isPlausible(day, today: today) {
            user.dateOfBirth = day
            filled.append(.dateOfBirth)
        }
        if user.biologicalSex == nil, let sex = characteristics.biologicalSex {
            user.biologicalSex = sex
            filled.append(.biologicalSex)
        }
        // A characteristic's raw value is its column's name on `user`; only those columns are written.
        if !filled.isEmpty { try user.update(db, columns: filled.map(\.rawValue)) }
        return filled
    }
}
