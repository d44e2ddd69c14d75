import GRDB

extension Migrations {
    /// BulkTrack device ids are UUIDs, now keyed in lower case whatever case the app sends (`WorkoutDeviceId`). Devices
    /// stored before in upper or mixed case (iOS writes upper case) are lowered here with their tokens, or their next
    /// sign-in would be a new device with a new, empty account. Where both spellings were already stored (two accounts
    /// for one phone), the lower-case one is kept as the device and the other is left as it is.
    static func workoutDeviceIdCase(_ db: Database) throws {
        let hex = "[0-9A-Fa-f]"
        let uuid = [8, 4, 4, 4, 12].map { String(repeating: hex, count: $0) }.joined(separator: "-")
        try db.execute(
            sql: "UPDATE OR IGNORE workoutDevice SET deviceId = lower(deviceId) WHERE deviceId GLOB ? AND deviceId <> lower(deviceId)",
            arguments: [uuid]
        )
        try db.execute(sql: """
            UPDATE workoutDeviceToken SET deviceId = lower(deviceId)
            WHERE deviceId GLOB ? AND deviceId <> lower(deviceId) AND EXISTS (
                SELECT 1 FROM workoutDevice WHERE workoutDevice.deviceId = lower(workoutDeviceToken.deviceId) AND workoutDevice.userId = workoutDeviceToken.userId
            )
            """, arguments: [uuid])
    }
}
