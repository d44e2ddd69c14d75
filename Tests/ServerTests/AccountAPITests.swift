import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import Services
import Storage
import Testing

@Suite struct AccountAPITests {
    @Test func tokensAreCreatedListedWithoutSecretsAndRevoked() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let created = try await client.execute(uri: "/api/v1/tokens", method: .post, headers: .bearer(token), body: jsonBody(["name": "watch"]))
            #expect(created.status == .created)
            let secret = try #require(try created.json()["token"] as? String)
            let id = try #require(try created.json()["id"] as? Int)

            let list = try await client.execute(uri: "/api/v1/tokens", method: .get, headers: .bearer(token))
            #expect(!list.text.contains(secret))
            #expect((try list.json()["tokens"] as? [[String: Any]])?.count == 2)

            #expect(try await client.execute(uri: "/api/v1/me", method: .get, headers: .bearer(secret)).status == .ok)
            let revoked = try await client.execute(uri: "/api/v1/tokens/\(id)", method: .delete, headers: .bearer(token))
            #expect(revoked.status == .noContent)
            #expect(try await client.execute(uri: "/api/v1/me", method: .get, headers: .bearer(secret)).status == .unauthorized)

            let empty = try await client.execute(uri: "/api/v1/tokens", method: .post, headers: .bearer(token), body: jsonBody(["name": "  "]))
            #expect(empty.errorCode == "invalid_token_name")
        }
    }

    @Test func anotherUsersTokenCannotBeRevoked() async throws {
        let server = try TestServer()
        let (alice, _) = try await server.user("alice")
        let (_, bobToken) = try await server.user("bob")
        let alicesTokens = try await server.database.apiTokens(userId: alice.id!)
        try await server.test { client in
            let response = try await client.execute(uri: "/api/v1/tokens/\(alicesTokens[0].id!)", method: .delete, headers: .bearer(bobToken))
            #expect(response.status == .notFound)
        }
        #expect(try await server.database.apiTokens(userId: alice.id!).count == 1)
    }

    @Test func profileChangesAreValidated() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            let good = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token), body: jsonBody(["heightCm": 162.5, "timeZone": "Europe/Berlin", "language": "en"]))
            #expect(try good.json()["timeZone"] as? String == "Europe/Berlin")
            let bad = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token), body: jsonBody(["timeZone": "Mars/Olympus_Mons"]))
            #expect(bad.errorCode == "invalid_profile")
            let tall = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token), body: jsonBody(["heightCm": 400]))
            #expect(tall.errorCode == "invalid_profile")
        }
        let stored = try #require(try await server.database.user(id: user.id!))
        #expect(stored.heightCm == 162.5)
        #expect(stored.timeZone == "Europe/Berlin")
        try await server.test { client in
            let cleared = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token), body: ByteBuffer(string: #"{"heightCm": null}"#))
            #expect(cleared.status == .ok)
        }
        let after = try #require(try await server.database.user(id: user.id!))
        #expect(after.heightCm == nil, "null clears")
        #expect(after.timeZone == "Europe/Berlin", "absent fields stay")
    }

    @Test func exportHasEveryRecordAsCSVAndJSON() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let records: [[String: Any]] = [
                ["metric": "weight", "value": 70, "start": "2026-01-01T00:00:00Z", "metadata": ["note": "=HYPERLINK(\"x\")"]],
                ["metric": "steps", "value": 5000, "start": "2026-01-01T01:00:00Z", "sourceName": "Pixel, \"fast\""],
            ]
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": records]))
            let csv = try await client.execute(uri: "/api/v1/export?format=csv", method: .get, headers: .bearer(token))
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(csv.headers[.contentDisposition]?.contains("attachment") == true)
            let lines = csv.text.split(separator: "\r\n")
            #expect(lines.count == 3)
            #expect(csv.text.contains("\"Pixel, \"\"fast\"\"\""))
            let json = try await client.execute(uri: "/api/v1/export?format=json", method: .get, headers: .bearer(token)).json()
            #expect((json["records"] as? [Any])?.count == 2)
            #expect((json["account"] as? [String: Any])?["username"] as? String == "alice")
            let unknown = try await client.execute(uri: "/api/v1/export?format=xml", method: .get, headers: .bearer(token))
            #expect(unknown.errorCode == "invalid_parameter")
        }
    }

    @Test func csvCellsCannotBecomeSpreadsheetFormulas() {
        #expect(DataExporter.csvField("=1+1") == "'=1+1")
        #expect(DataExporter.csvField("@SUM(A1)") == "'@SUM(A1)")
        #expect(DataExporter.csvField("-3.5") == "-3.5")
        // Text that already looks guarded gets one more apostrophe, so the import takes exactly one off any field.
        #expect(DataExporter.csvField("'=x") == "''=x")
        #expect(DataExporter.csvField("'90s") == "'90s")
        #expect(DataExporter.csvField("a,b") == "\"a,b\"")
        // A line break of either kind, alone or as a pair, keeps the field in one cell; so does a quote.
        #expect(DataExporter.csvField("Taro's\nscale") == "\"Taro's\nscale\"")
        #expect(DataExporter.csvField("a\rb") == "\"a\rb\"")
        #expect(DataExporter.csvField("a\r\nb") == "\"a\r\nb\"")
        #expect(DataExporter.csvField("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(DataExporter.csvField("体重、朝") == "体重、朝")
    }

    @Test func accountDeletionThroughTheAPINeedsThePassword() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 1]))
            let wrong = try await client.execute(uri: "/api/v1/me", method: .delete, headers: .bearer(token), body: jsonBody(["password": "not it at all"]))
            #expect(wrong.status == .unauthorized)
            #expect(try await server.database.user(id: user.id!) != nil)
            let deleted = try await client.execute(uri: "/api/v1/me", method: .delete, headers: .bearer(token), body: jsonBody(["password": "correct horse battery"]))
            #expect(deleted.status == .noContent)
            #expect(try await client.execute(uri: "/api/v1/me", method: .get, headers: .bearer(token)).status == .unauthorized)
        }
        #expect(try await server.database.user(id: user.id!) == nil)
        #expect(try await server.database.recordCount(userId: user.id!) == 0)
    }

    @Test func sessionCookiesAuthorizeAPIReadsButNotWrites() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let cookie = browser.headers[.cookie]!
            let read = try await client.execute(uri: "/api/v1/me", method: .get, headers: [.cookie: cookie])
            #expect(read.status == .ok)
            let write = try await client.execute(uri: "/api/v1/records", method: .post, headers: [.cookie: cookie, .contentType: "application/json"], body: jsonBody(["metric": "steps", "value": 1]))
            #expect(write.status == .unauthorized)
        }
    }

    @Test func cookiesAreSecureWhenServedOverHTTPS() async throws {
        let server = try TestServer()
        var configuration = AppConfiguration(port: 0)
        configuration.behindHTTPSProxy = true
        let app = try await buildApplication(configuration: configuration, dependencies: server.dependencies, logger: Logger(label: "test"))
        try await app.test(.router) { client in
            var browser = WebSession(client)
            let response = try await browser.signUp("hanako")
            #expect(response.setCookies["kiroku_session"]?.contains("Secure") == true)
        }
    }
}
