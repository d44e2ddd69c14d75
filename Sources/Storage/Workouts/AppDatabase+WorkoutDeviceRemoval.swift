import Foundation
import GRDB

extension AppDatabase {
    /// Unlinks a device from the account `userId`: its tokens are revoked and the device row goes, so the phone's
    /// access and refresh tokens answer 401 from now on, and its next `POST /v1/auth/device` is a new device (a new
    /// anonymous user, counted as a sign-up), not this account. What it logged stays with the account.
    /// Owner-filtered: another account's device with that id is neither revoked nor removed. False when the account
    /// has no such device (never linked, or removed before), and then nothing changes.
    public func unlinkWorkoutDevice(deviceId: String, userId: Int64, now: Date) async throws -> Bool {
        try await writer.write { db in
            guard try WorkoutDevice.owned(by: userId).filter(key: deviceId).deleteAll(db) > 0 else { return false }
            try Self.revokeTokens(db, userId: userId, deviceId: deviceId, now: now)
            return true
        }
    }
}
