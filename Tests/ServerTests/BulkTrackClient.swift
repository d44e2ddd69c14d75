import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// What the BulkTrack phone app does over HTTP, for the contract tests: device auth and JSON calls.
struct BulkTrackClient {
    let client: any TestClientProtocol
    var accessToken: String
    var language = "en"

    static func headers(_ token: String?, language: String = "en", extra: HTTPFields = [:]) -> HTTPFields {
        var fields: HTTPFields = [.contentType: "application/json", .acceptLanguage: language]
        if let token { fields[.authorization] = "Bearer \(token)" }
        for field in extra { fields.append(field) }
        return fields
    }

    /// `POST /v1/auth/device` and the decoded TokenResponse.
    static func authenticate(_ client: any TestClientProtocol, deviceId: String) async throws -> [String: Any] {
        let response = try await client.execute(uri: "/v1/auth/device", method: .post, headers: [.init("X-Device-Id")!: deviceId])
        return try response.json()
    }

    static func device(_ client: any TestClientProtocol, deviceId: String = UUID().uuidString) async throws -> BulkTrackClient {
        let tokens = try await authenticate(client, deviceId: deviceId)
        // A refusal (or a request cut short by a test's time limit) is a failure of that test, not a crash of all.
        guard let accessToken = tokens["accessToken"] as? String else { throw NoAccessToken(answer: "\(tokens)") }
        return BulkTrackClient(client: client, accessToken: accessToken)
    }

    func call(_ method: HTTPRequest.Method, _ uri: String, body: Any? = nil, headers extra: HTTPFields = [:]) async throws -> TestResponse {
        try await client.execute(
            uri: uri, method: method, headers: Self.headers(accessToken, language: language, extra: extra),
            body: body.map(jsonBody)
        )
    }

    /// Logs a set and returns the WorkoutSet JSON.
    func logSet(_ exerciseId: String, _ weight: Double, _ reps: Int, at performedAt: String, rpe: Double? = nil) async throws -> [String: Any] {
        var body: [String: Any] = ["exerciseId": exerciseId, "weight": weight, "reps": reps, "performedAt": performedAt, "notes": NSNull()]
        body["rpe"] = rpe ?? NSNull()
        return try await call(.post, "/v1/sets", body: body).json()
    }
}

extension TestResponse {
    /// The BulkTrack contract's top-level `{"code","message"}` error.
    var contractError: (code: String, message: String)? {
        guard let object = try? json(), let code = object["code"] as? String, let message = object["message"] as? String else { return nil }
        return (code, message)
    }

    func v1Array() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
    }
}

/// Official catalog ids used by the tests.
enum Lifts {
    static let bench = "6b1d0000-0000-4000-8000-000000000001"
    static let squat = "6b1d0000-0000-4000-8000-000000000013"
}

/// `POST /v1/auth/device` answered without an access token.
struct NoAccessToken: Error, CustomStringConvertible {
    let answer: String
    var description: String { "no accessToken in \(answer)" }
}
