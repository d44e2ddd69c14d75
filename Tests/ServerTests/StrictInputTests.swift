import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import Services
import Storage
import Testing
import TestSupport

/// Over real HTTP: JSON must say it is JSON, name each member once, and names may hold no control characters.
@Suite struct StrictInputTests {
    static let record = #"{"metric":"weight","value":60.5,"unit":"kg","start":"2026-01-15T07:30:00+09:00"}"#

    static func post(_ client: any TestClientProtocol, _ uri: String, token: String, contentType: String?, body: String) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(token)", .acceptLanguage: "en"]
        if let contentType { headers[.contentType] = contentType }
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    @Test func jsonBodiesMustBeLabelledJSON() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.liveClient { client in
            for label in [nil, "", ";", " ; ", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "application/jsonx"] as [String?] {
                let refused = try await Self.post(client, "/api/v1/records", token: token, contentType: label, body: Self.record)
                #expect(refused.status == .unsupportedMediaType, "\(label ?? "none")")
                #expect(refused.errorCode == "unsupported_media_type")
                #expect(refused.errorMessage == "Send JSON bodies with Content-Type: application/json.")
            }
            #expect(try await server.database.recordCount(userId: try #require(user.id)) == 0, "nothing stored")
            for label in ["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8", "application/vnd.kiroku+json"] {
                let accepted = try await Self.post(client, "/api/v1/records", token: token, contentType: label, body: Self.record.replacingOccurrences(of: "07:30", with: "07:\(label.count)"))
                #expect(accepted.status == .created, "\(label): \(accepted.text)")
            }
            // The gateway app's protocol says application/json: it is held to it too.
            let gateway = try await client.execute(uri: "/api/v1/health-data", method: .post, headers: [.init("X-API-Key")!: token], body: GatewayAPITests.payload(samples: [GatewayAPITests.sample()]))
            #expect(gateway.status == .unsupportedMediaType)
        }
    }

    @Test func aKeyGivenTwiceInOneObjectIsRefusedByName() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.liveClient { client in
            let twice = #"{"metric":"weight","value":60.5,"unit":"kg","value":6050,"start":"2026-01-15T07:30:00+09:00"}"#
            let refused = try await Self.post(client, "/api/v1/records", token: token, contentType: "application/json", body: twice)
            #expect(refused.status == .badRequest)
            #expect(refused.errorCode == "duplicate_key")
            #expect(refused.errorMessage == "The JSON key “value” appears twice in one object.")
            let escaped = #"{"metric":"weight","\u0076alue":1,"value":60.5,"unit":"kg","start":"2026-01-15T07:30:00+09:00"}"#
            #expect(try await Self.post(client, "/api/v1/records", token: token, contentType: "application/json", body: escaped).errorCode == "duplicate_key")
            let sameKeyInTwoObjects = #"{"records":[{"metric":"weight","value":60.5,"unit":"kg","start":"2026-01-15T07:30:00+09:00"},{"metric":"weight","value":61,"unit":"kg","start":"2026-01-16T07:30:00+09:00"}]}"#
            #expect(try await Self.post(client, "/api/v1/records", token: token, contentType: "application/json", body: sameKeyInTwoObjects).status == .created)

            var sample = GatewayAPITests.sample()
            sample["unit"] = "count"
            let sampleJSON = String(decoding: try JSONSerialization.data(withJSONObject: sample), as: UTF8.self)
            let doubled = sampleJSON.replacingOccurrences(of: "\"type\":", with: "\"type\":\"bodyMass\",\"type\":")
            let batch = #"{"deviceId":"550e8400-e29b-41d4-a716-446655440000","userId":"u","timestamp":"2024-01-15T10:30:00Z","appVersion":"1","samples":["# + doubled + "]}"
            let gateway = try await client.execute(uri: "/api/v1/health-data", method: .post, headers: GatewayAPITests.apiKey(token), body: ByteBuffer(string: batch))
            #expect(gateway.status == .badRequest)
            #expect(gateway.errorCode == "duplicate_key")
            #expect(try await server.database.recordCount(userId: try #require(user.id)) == 2, "only the two records of the well-formed batch")
        }
    }

    @Test func namesWithControlCharactersAreRefusedEverywhere() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.liveClient { client in
            let bearer = HTTPFields.bearer(token)
            let cases: [(uri: String, method: HTTPRequest.Method, body: [String: Any])] = [
                ("/api/v1/me", .patch, ["displayName": "花子\u{0}"]),
                ("/api/v1/tokens", .post, ["name": "phone\u{7F}"]),
                ("/api/v1/tasks", .post, ["title": "部屋\u{7}の片付け"]),
                ("/api/v1/tasks", .post, ["title": "片付け", "steps": ["机\u{85}上"]]),
                ("/api/v1/tasks", .post, ["title": "片付け", "tags": ["ho\u{1B}me"]]),
            ]
            for item in cases {
                let refused = try await client.execute(uri: item.uri, method: item.method, headers: bearer, body: jsonBody(item.body))
                #expect(refused.status == .badRequest, "\(item.uri) \(refused.text)")
                #expect(refused.errorCode == "control_character", "\(item.uri)")
                #expect(refused.errorMessage?.contains("cannot contain a control character (U+") == true, "\(item.uri)")
            }
            let device = try await BulkTrackClient.device(client)
            let exercise = try await device.call(.post, "/v1/exercises", body: ["name": "Zercher\u{9}Squat"])
            #expect(exercise.status == .badRequest)
            #expect((try exercise.json())["code"] as? String == "control_character")

            let japanese = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token, language: "ja"), body: jsonBody(["displayName": "a\u{0}b"]))
            #expect(japanese.errorMessage == "表示名に制御文字（U+0000）は使えません。")
        }
        let userId = try #require(user.id)
        let stored = try #require(try await server.database.user(id: userId))
        #expect(stored.displayName == "")
        #expect(try await server.database.apiTokens(userId: userId).count == 1)
    }

    @Test func aLooseDataDirectoryIsTightenedTo0700WithAWarning() throws {
        let directory = TestFiles.directory.appendingPathComponent("kiroku-mode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = LoggingTests.Lines()
        let logger = Logger(label: "kiroku") { label in JSONLogHandler(label: label, level: .info, write: lines.append) }
        #expect(try DataDirectory.prepare(directory, logger: logger) == 0o755)
        #expect(try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int == 0o700)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("its mode is now 0700") == true)
        #expect(lines.all.first?.contains("755") == true)
        #expect(try DataDirectory.prepare(directory, logger: logger) == nil, "already private: nothing to say")
        #expect(lines.all.count == 1)

        let fresh = directory.appendingPathComponent("new")
        #expect(try DataDirectory.prepare(fresh, logger: logger) == nil)
        #expect(try FileManager.default.attributesOfItem(atPath: fresh.path)[.posixPermissions] as? Int == 0o700)
    }
}

@Suite struct JSONDuplicateKeysTests {
    @Test(arguments: [
        (#"{"a":1,"a":2}"#, "a"), (#"{"a":1,"b":{"a":2,"c":3,"c":4}}"#, "c"), (#"[{"x":1},{"x":2},{"y":1,"y":2}]"#, "y"),
        (#"{"v":1, "\u0076" :2}"#, "v"), (#"{"\u0076":1,"v":2}"#, "v"), (#"{"名前":1,"名前":2}"#, "名前"), (#"{"a\"b":1,"a\"b":2}"#, "a\"b"),
        ("{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k7\":0}", "k7"),
    ])
    func aRepeatedNameIsFound(json: String, name: String) {
        #expect(Data(json.utf8).withUnsafeBytes { JSONDuplicateKeys.first(in: $0) } == name)
    }

    @Test(arguments: [
        #"{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}"#, #"{"a":"a","b":["a","a"]}"#, #"{"ab":1,"a":2,"b":3}"#, #"["a","a"]"#,
        "{" + (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}",
        // Not JSON: read safely, nothing to report.
        "", "{", #"{"a"#, #"{"a":1,"a"#, #"{"a\"#, "}}}]]", #"{"a" 1 "a" 2}"#,
    ])
    func distinctNamesAndBrokenInputAreLetThrough(json: String) {
        #expect(Data(json.utf8).withUnsafeBytes { JSONDuplicateKeys.first(in: $0) } == nil)
    }
}
