import Foundation
import Storage

/// The BulkTrack devices linked to an account, as `/workouts/settings` lists and links them. Token issue
/// and rotation are `DeviceAuthService`'s.
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
}
