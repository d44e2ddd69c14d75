import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

@Suite struct BulkTrackAuthTests {
    @Test func aDeviceGetsTokensAndTheSameDeviceIsTheSameUser() async throws {
        let server = try TestServer()
        try await server.test { client in
            let device = UUID().uuidString
            let first = try await BulkTrackClient.authenticate(client, deviceId: device)
            #expect(Set(first.keys) == ["accessToken", "refreshToken", "expiresIn"])
            #expect(first["expiresIn"] as? Int == 3600)
            let phone = BulkTrackClient(client: client, accessToken: first["accessToken"] as! String)
            let set = try await phone.logSet(Lifts.bench, 80, 5, at: WorkoutTime.now(minus: 60))
            #expect(set["id"] is String)

            let again = try await BulkTrackClient.authenticate(client, deviceId: device)
            #expect(again["accessToken"] as? String != first["accessToken"] as? String)
            let samePhone = BulkTrackClient(client: client, accessToken: again["accessToken"] as! String)
            #expect(try await samePhone.call(.get, "/v1/sets").v1Array().count == 1, "the same device sees its sets")
            let otherPhone = try await BulkTrackClient.device(client)
            #expect(try await otherPhone.call(.get, "/v1/sets").v1Array().isEmpty, "another device is another user")
        }
    }

    @Test func oneAddressCannotRegisterEndlesslyManyDevices() async throws {
        let devices = DeviceAuthService(database: try AppDatabase.temporary(), signUpLimiter: AccountService.makeSignUpLimiter(perHour: 3))
        let now = Date()
        let known = UUID().uuidString
        _ = try await devices.authenticate(deviceId: known, address: "198.51.100.7", now: now)
        _ = try await devices.authenticate(deviceId: UUID().uuidString, address: "198.51.100.7", now: now)
        _ = try await devices.authenticate(deviceId: UUID().uuidString, address: "198.51.100.7", now: now)
        await #expect(throws: AccountError.tooManySignUps(retryAfter: 3600)) {
            _ = try await devices.authenticate(deviceId: UUID().uuidString, address: "198.51.100.7", now: now)
        }
        // A known device signs in regardless; other addresses and later hours are not affected.
        _ = try await devices.authenticate(deviceId: known, address: "198.51.100.7", now: now)
        _ = try await devices.authenticate(deviceId: UUID().uuidString, address: "203.0.113.9", now: now)
        _ = try await devices.authenticate(deviceId: UUID().uuidString, address: "198.51.100.7", now: now.addingTimeInterval(3601))
    }

    @Test func aMissingDeviceIdIsA400InTheContractShape() async throws {
        let server = try TestServer()
        try await server.test { client in
            let response = try await client.execute(uri: "/v1/auth/device", method: .post, headers: [.acceptLanguage: "ja"])
            #expect(response.status == .badRequest)
            #expect(response.contractError?.code == "invalid_device_id")
            #expect(response.contractError?.message.contains("X-Device-Id") == true)
            #expect(try response.json()["error"] == nil, "not Kiroku's nested error shape")
        }
    }

    @Test func refreshRotatesAndReusingAnOldTokenRevokesTheDevice() async throws {
        let server = try TestServer()
        try await server.test { client in
            let tokens = try await BulkTrackClient.authenticate(client, deviceId: UUID().uuidString)
            let firstRefresh = tokens["refreshToken"] as! String
            let rotated = try await client.execute(uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": firstRefresh]))
            #expect(rotated.status == .ok)
            let fresh = try rotated.json()
            let newRefresh = try #require(fresh["refreshToken"] as? String)
            let newAccess = try #require(fresh["accessToken"] as? String)
            #expect(newRefresh != firstRefresh)
            #expect(try await BulkTrackClient(client: client, accessToken: newAccess).call(.get, "/v1/sets").status == .ok)

            // The old refresh token again: 401, and the whole device is signed out.
            let reused = try await client.execute(uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": firstRefresh]))
            #expect(reused.status == .unauthorized)
            #expect(reused.contractError?.code == "invalid_refresh_token")
            let afterReuse = try await client.execute(uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": newRefresh]))
            #expect(afterReuse.status == .unauthorized)
            #expect(try await BulkTrackClient(client: client, accessToken: newAccess).call(.get, "/v1/sets").status == .unauthorized)

            let unknown = try await client.execute(uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": "btr_nonsense"]))
            #expect(unknown.status == .unauthorized)
        }
    }

    @Test func logoutEndsTheRefreshTokenAndTheAccessToken() async throws {
        let server = try TestServer()
        try await server.test { client in
            let tokens = try await BulkTrackClient.authenticate(client, deviceId: UUID().uuidString)
            let refresh = tokens["refreshToken"] as! String
            let logout = try await client.execute(uri: "/v1/auth/logout", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": refresh]))
            #expect(logout.status == .noContent)
            let again = try await client.execute(uri: "/v1/auth/refresh", method: .post, headers: BulkTrackClient.headers(nil), body: jsonBody(["refreshToken": refresh]))
            #expect(again.status == .unauthorized)
            #expect(try await BulkTrackClient(client: client, accessToken: tokens["accessToken"] as! String).call(.get, "/v1/dashboard").status == .unauthorized)
        }
    }

    @Test(arguments: [
        ("GET", "/v1/exercises"), ("POST", "/v1/exercises"), ("GET", "/v1/me/exercises/recent"), ("POST", "/v1/sets"), ("GET", "/v1/sets"),
        ("PATCH", "/v1/sets/6b1d0000-0000-4000-8000-000000000001"), ("DELETE", "/v1/sets/6b1d0000-0000-4000-8000-000000000001"),
        ("GET", "/v1/dashboard"), ("GET", "/v1/me/workouts"), ("GET", "/v1/me/workouts/2026-11-20"),
    ])
    func everyOtherEndpointNeedsAValidAccessToken(method: String, path: String) async throws {
        let server = try TestServer()
        try await server.test { client in
            for token in [nil, "bta_not-a-token"] as [String?] {
                let response = try await client.execute(uri: path, method: .init(rawValue: method)!, headers: BulkTrackClient.headers(token), body: jsonBody([:]))
                #expect(response.status == .unauthorized, "\(method) \(path)")
                #expect(response.contractError?.code == "unauthorized")
            }
        }
    }

    @Test func aKirokuAccountCanUseTheAPIWithItsPersonalToken() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let status = try await BulkTrackClient(client: client, accessToken: token).call(.get, "/v1/me/workouts").status
            #expect(status == .ok)
        }
    }
}

/// ISO 8601 instants relative to now, as the phone sends them.
enum WorkoutTime {
    static func now(minus seconds: TimeInterval = 0) -> String {
        Date().addingTimeInterval(-seconds).formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
