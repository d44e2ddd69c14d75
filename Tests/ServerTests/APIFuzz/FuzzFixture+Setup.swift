import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Server
import Services

extension FuzzFixture {
    struct SetupFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Creates, through the API with valid requests, one of everything the fuzzed routes address by id.
    static func make(_ client: any TestClientProtocol, apiToken: String, deviceToken: String, now: Date) async throws -> FuzzFixture {
        func call(_ method: HTTPRequest.Method, _ uri: String, _ body: FuzzJSON?, headers: HTTPFields) async throws -> [String: Any] {
            var fields = headers
            fields[.contentType] = "application/json"
            let response = try await client.execute(uri: uri, method: method, headers: fields, body: body.map { ByteBuffer(string: $0.text) })
            guard (200..<300).contains(response.status.code),
                  let object = try JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
            else { throw SetupFailed(description: "\(method) \(uri) answered \(response.status): \(String(buffer: response.body))") }
            return object
        }
        func id(_ object: [String: Any], _ key: String = "id") throws -> String {
            if let number = object[key] as? Int { return String(number) }
            if let text = object[key] as? String { return text }
            throw SetupFailed(description: "no \(key) in \(object)")
        }
        let api: HTTPFields = [.authorization: "Bearer \(apiToken)"]
        let device: HTTPFields = [.authorization: "Bearer \(deviceToken)"]
        let instant = FuzzJSON.string(APIJSON.formatDate(now.addingTimeInterval(-1800)))

        var fixture = FuzzFixture()
        fixture.spareToken = try await id(call(.post, "/api/v1/tokens", ["name": "spare"], headers: api))
        fixture.record = try await id(call(.post, "/api/v1/records", ["metric": "weight", "value": 62.5, "start": instant], headers: api))
        let task = try await call(.post, "/api/v1/tasks", ["title": "Fuzz fixture", "steps": ["one", "two"]], headers: api)
        fixture.task = try id(task)
        fixture.step = try id((task["steps"] as? [[String: Any]])?.first ?? [:])
        fixture.set = try await id(call(.post, "/v1/sets", ["exerciseId": .string(FuzzCatalog.bench), "weight": 60, "reps": 8, "performedAt": instant], headers: device))
        fixture.alert = try await id(call(.post, "/api/v1/wait-alerts", ["storeId": "kannami", "maxMinutes": 5], headers: api))
        let upload = try await client.execute(
            uri: "/api/v1/imports?name=fixture.csv", method: .post, headers: [.authorization: "Bearer \(apiToken)", .contentType: "text/csv"],
            body: ByteBuffer(string: "date,metric,value,unit\n2024-03-01T07:42:10+09:00,weight,70.2,kg\n")
        )
        fixture.importJob = try id(JSONSerialization.jsonObject(with: Data(String(buffer: upload.body).utf8)) as? [String: Any] ?? [:])
        let spare = try await client.execute(uri: "/v1/auth/device", method: .post, headers: [HTTPField.Name("X-Device-Id")!: "fuzz-spare-device"])
        let tokens = try JSONSerialization.jsonObject(with: Data(String(buffer: spare.body).utf8)) as? [String: Any] ?? [:]
        fixture.spareRefreshToken = tokens["refreshToken"] as? String ?? ""
        return fixture
    }
}
