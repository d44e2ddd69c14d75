import Foundation
import Storage

/// The BulkTrack devices linked to an account, as `/workouts/settings` lists, links and removes them. Token issue
/// and rotation are `DeviceAuthService`'s; removing a device revokes its tokens in the same transaction.
extension WorkoutService {
    /// The user's devices, most recently seen first.
    public func devices(userId: Int64) async throws -> [WorkoutDevice] {
        try await database.workoutDevices(userId: userId)
    }

    /// Links a device (an id already checked by `WorkoutDeviceId.checked`) to the user: see `AppDatabase.linkWorkoutDevice`.
    /// Throws `WorkoutDeviceLinkError.belongsToAnotherAccount` for another account's device.
    public func linkDevice(deviceId: String, userId: Int64, now: Date) async throws -> WorkoutDeviceLinkOutcome {
        try await database.linkWorkoutDevice(deviceId: deviceId, to: userId, now: now)
    }

    /// Unlinks the user's device with this id and revokes its tokens; false, changing nothing, when the user has no
    /// such device (never linked, removed before, or another account's). The id is tried as sent, then as device ids
    /// are keyed (`WorkoutDeviceId.normalized`): the page sends the stored id, which an older upper-case one may differ from.
    public func unlinkDevice(deviceId: String, userId: Int64, now: Date) async throws -> Bool {
        let sent = deviceId.trimmingCharacters(in: .whitespaces)
        let keyed = WorkoutDeviceId.normalized(sent)
        for candidate in keyed == sent ? [sent] : [sent, keyed] where !candidate.isEmpty {
            if try await database.unlinkWorkoutDevice(deviceId: candidate, userId: userId, now: now) { return true }
        }
        return false
    }
}
