import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Testing

/// Issue 15: CSV exports open in Excel with their Japanese intact (a UTF-8 byte-order mark unless `?bom=0`) and
/// their times on the user's clock, from the API, the tasks API and the Settings page.
@Suite struct SpreadsheetExportTests {
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    static func bytes(_ response: TestResponse) -> [UInt8] {
        Array(response.body.readableBytesView)
    }

    @Test func recordsExportStartsWithAByteOrderMarkAndUsesTheUsersClock() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let records: [[String: Any]] = [["metric": "weight", "value": 70, "start": "2026-01-01T00:00:00Z", "sourceName": "体重計"]]
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let csv = try await client.execute(uri: "/api/v1/export?format=csv", method: .get, headers: .bearer(token))
            #expect(Array(Self.bytes(csv).prefix(3)) == Self.bom)
            let text = String(decoding: Self.bytes(csv).dropFirst(3), as: UTF8.self)
            let lines = text.split(separator: "\r\n")
            // The spreadsheet's columns up to `time_zone`, then the same instants exactly in UTC for the import.
            #expect(lines.first?.hasPrefix("id,metric,") == true && lines.first?.contains(",time_zone,start_utc,") == true)
            #expect(lines.count == 2)
            #expect(lines.last?.contains(",2026-01-01 09:00:00,2026-01-01 09:00:00,") == true, "midnight UTC is 9:00 in Tokyo: \(lines.last ?? "")")
            #expect(lines.last?.contains(",Asia/Tokyo,2026-01-01T00:00:00.000Z,2026-01-01T00:00:00.000Z,") == true)
            #expect(text.contains("体重計"))

            let plain = try await client.execute(uri: "/api/v1/export?format=csv&bom=0", method: .get, headers: .bearer(token))
            #expect(Self.bytes(plain) == Array(Self.bytes(csv).dropFirst(3)), "bom=0: the same file without the mark")
            let bad = try await client.execute(uri: "/api/v1/export?format=csv&bom=maybe", method: .get, headers: .bearer(token))
            #expect(bad.status == .badRequest)
            #expect(bad.errorCode == "invalid_parameter")
        }
    }

    @Test func taskExportAndTheSettingsDownloadHaveTheMarkToo() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/tasks", method: .post, headers: .bearer(token), body: jsonBody(["title": "引っ越し", "steps": ["箱"]]))
            let tasks = try await client.execute(uri: "/api/v1/tasks/export?format=csv", method: .get, headers: .bearer(token))
            #expect(Array(Self.bytes(tasks).prefix(3)) == Self.bom)
            #expect(String(decoding: Self.bytes(tasks), as: UTF8.self).contains(",Asia/Tokyo\r\n"))
            let plainTasks = try await client.execute(uri: "/api/v1/tasks/export?format=csv&bom=false", method: .get, headers: .bearer(token))
            #expect(Self.bytes(plainTasks).first == UInt8(ascii: "t"))

            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let download = try await browser.get("/settings/export.csv")
            #expect(download.status == .ok)
            #expect(Array(Self.bytes(download).prefix(3)) == Self.bom)
            let plain = try await browser.get("/settings/export.csv?bom=0")
            #expect(Self.bytes(plain).first == UInt8(ascii: "i"))
        }
    }
}
