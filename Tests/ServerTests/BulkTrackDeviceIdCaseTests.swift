import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// `X-Device-Id` is a UUID, and the same UUID written in upper and in lower case is the same phone (iOS writes upper
/// case, most other clients lower): it was matched as sent, so one phone could get a second, empty account.
@Suite struct BulkTrackDeviceIdCaseTests {
    @Test func theSameUUIDInUpperLowerOrMixedCaseIsOneDeviceAndOneUser() async throws {
        let server = try TestServer()
        let device = UUID().uuidString.uppercased()
        try await server.test { client in
            let phone = try await BulkTrackClient.device(client, deviceId: device)
            _ = try await phone.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now(minus: 60))
            let mixed = device.prefix(18) + device.dropFirst(18).lowercased()
            for spelling in [device.lowercased(), String(mixed), " \(device) "] {
                let same = try await BulkTrackClient.device(client, deviceId: spelling)
                #expect(try await same.call(.get, "/v1/sets").v1Array().count == 1, "\(spelling) sees the set logged as \(device)")
            }
        }
        let stored = try await server.database.writer.read { db in try String.fetchAll(db, sql: "SELECT deviceId FROM workoutDevice") }
        #expect(stored == [device.lowercased()], "one device, keyed in lower case")
    }

    /// The device-link form on the settings page takes the id as the app shows it (upper case on an iPhone).
    @Test func theNormalisationAcceptsOnlyUUIDsAsUUIDsAndKeepsOtherIdsAsSent() {
        #expect(WorkoutDeviceId.normalized("550E8400-E29B-41D4-A716-446655440000") == "550e8400-e29b-41d4-a716-446655440000")
        #expect(WorkoutDeviceId.normalized(" 550e8400-E29B-41d4-a716-446655440000 ") == "550e8400-e29b-41d4-a716-446655440000")
        #expect(WorkoutDeviceId.normalized("Watch-ABC") == "Watch-ABC", "not a UUID: not folded into another id")
        #expect(WorkoutDeviceId.normalized("") == "")
    }
}
