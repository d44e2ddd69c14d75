import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Testing

/// A known path asked with a method it does not take answers 405 with `Allow`, not 404; unknown paths stay 404.
@Suite struct MethodNotAllowedTests {
    @Test func anUnsupportedMethodOnAKnownPathAnswers405WithAllow() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let metrics = try await client.execute(uri: "/api/v1/metrics", method: .delete, headers: [.acceptLanguage: "en"])
            #expect(metrics.status == .methodNotAllowed)
            #expect(metrics.headers[.allow] == "GET")
            #expect(metrics.errorCode == "method_not_allowed")
            #expect(metrics.errorMessage == "This address does not accept DELETE (allowed: GET).")

            let record = try await client.execute(uri: "/api/v1/records/12", method: .post, headers: .bearer(token))
            #expect(record.status == .methodNotAllowed)
            #expect(record.headers[.allow] == "DELETE, GET, PATCH")

            let gateway = try await client.execute(uri: "/api/v1/health-data/", method: .get)
            #expect(gateway.status == .methodNotAllowed)
            #expect(gateway.headers[.allow] == "POST")

            let bulkTrack = try await client.execute(uri: "/v1/auth/device", method: .get)
            #expect(bulkTrack.status == .methodNotAllowed)
            #expect(bulkTrack.headers[.allow] == "POST")
            #expect((try bulkTrack.json())["code"] as? String == "method_not_allowed", "the BulkTrack error shape")

            let page = try await client.execute(uri: "/signin", method: .put, headers: [.accept: "text/html"])
            #expect(page.status == .methodNotAllowed)
            #expect(page.headers[.allow]?.contains("GET") == true)

            // A literal path beside a captured one (`/api/v1/tasks/export` next to `/api/v1/tasks/{id}`) is its own route.
            let export = try await client.execute(uri: "/api/v1/tasks/export", method: .patch, headers: .bearer(token))
            #expect(export.status == .methodNotAllowed)
            #expect(export.headers[.allow] == "GET")
            let feed = try await client.execute(uri: "/api/stores/waittimes", method: .options)
            #expect(feed.headers[.allow] == "PUT")

            let nowhere = try await client.execute(uri: "/api/v1/no-such-thing", method: .delete)
            #expect(nowhere.status == .notFound)
            let allowed = try await client.execute(uri: "/api/v1/metrics", method: .get)
            #expect(allowed.status == .ok)
        }
    }

    @Test func routeTablePatternsMatchCapturesAndWholePaths() {
        let match = MethodNotAllowedMiddleware.RouteTable.matches
        #expect(match(["api", "v1", "records", "{id}"], ["api", "v1", "records", "7"]))
        #expect(!match(["api", "v1", "records", "{id}"], ["api", "v1", "records"]))
        #expect(!match(["api", "v1", "records"], ["api", "v1", "records", "7"]))
        #expect(match(["static", "**"], ["static", "a", "b.css"]))
        let specific = MethodNotAllowedMiddleware.RouteTable.isMoreSpecific
        #expect(specific([true, true, true, true], [true, true, true, false]))
        #expect(!specific([true, false], [true, true]))
    }

    /// Every operation under the document's default security (a bearer token) documents its 401.
    @Test func everyBearerTokenOperationDocuments401() async throws {
        let server = try TestServer()
        try await server.test { client in
            let document = try await client.execute(uri: "/openapi.yaml", method: .get).text
            let guarded = DefaultSecurityOperations.parse(document)
            #expect(guarded.count >= 20)
            var missing: [String] = []
            let lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (path, method) in guarded {
                guard let pathLine = lines.firstIndex(of: "  \(path):") else { missing.append("\(method) \(path) (not found)"); continue }
                guard let methodLine = lines[pathLine...].firstIndex(where: { $0.hasPrefix("    \(method):") }) else { continue }
                let end = lines[(methodLine + 1)...].firstIndex { line in
                    (line.hasPrefix("    ") && !line.hasPrefix("     ")) || (line.hasPrefix("  ") && !line.hasPrefix("   ")) || (!line.hasPrefix(" ") && !line.isEmpty)
                } ?? lines.count
                if !lines[methodLine..<end].contains(where: { $0.hasPrefix("        \"401\":") }) { missing.append("\(method) \(path)") }
            }
            #expect(missing.isEmpty, "\(missing)")
        }
    }
}
