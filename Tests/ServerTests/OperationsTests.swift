import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct OperationsTests {
    @Test func metricsCountRequestsByRouteAndStatusAndRecordsStored() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            _ = try await client.execute(uri: "/health", method: .get)
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 10]))
            _ = try await client.execute(uri: "/api/v1/records/12345", method: .get, headers: .bearer(token))
            let metrics = try await client.execute(uri: "/metrics", method: .get).text
            #expect(metrics.contains(#"kiroku_http_requests_total{method="GET",route="/health",status="200"} 1"#))
            #expect(metrics.contains(#"kiroku_http_requests_total{method="GET",route="/api/v1/records/{id}",status="404"} 1"#))
            #expect(metrics.contains("kiroku_http_request_duration_seconds_bucket"))
            #expect(metrics.contains(#"kiroku_health_records_stored_total{source="manual"} 1"#))
        }
    }

    /// Stylesheets and scripts come from the bundle's Public folder, cacheable; nothing outside it is reachable.
    @Test func staticFilesAreServedFromThePublicFolderOnly() async throws {
        let server = try TestServer()
        try await server.test { client in
            let css = try await client.execute(uri: "/static/kiroku.css", method: .get)
            #expect(css.status == .ok)
            #expect(css.headers[.contentType]?.hasPrefix("text/css") == true)
            #expect(css.headers[.cacheControl] == "public, max-age=3600")
            #expect(css.text.contains("{"))
            for escape in ["/static/../Templates/error.mustache", "/static/%2e%2e/Templates/error.mustache", "/static/..%2fTemplates/layout.mustache"] {
                let response = try await client.execute(uri: escape, method: .get)
                #expect(response.status != .ok, "\(escape)")
                #expect(!response.text.contains("{{"), "\(escape)")
            }
            #expect(try await client.execute(uri: "/static/missing.css", method: .get).errorCode == "no_such_route")
        }
    }

    @Test func everyDocumentedOperationIsServedAndEveryAPIRouteIsDocumented() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let document = try await client.execute(uri: "/openapi.yaml", method: .get).text
            #expect(document.hasPrefix("openapi: 3.1"))
            let operations = OpenAPIOperations.parse(document)
            #expect(operations.count >= 15)
            for (path, method) in operations {
                let uri = path.replacingOccurrences(of: "{id}", with: "999999")
                    .replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: "999999", options: .regularExpression)
                let response = try await client.execute(uri: uri, method: .init(rawValue: method.uppercased())!, headers: .bearer(token), body: jsonBody([:]))
                #expect(response.errorCode != "no_such_route", "\(method) \(path) is documented but not served")
                // The BulkTrack API (/v1) answers errors in its own top-level {"code","message"} shape.
                #expect((try? response.json())?["code"] as? String != "no_such_route", "\(method) \(path) is documented but not served")
                #expect(response.status != .methodNotAllowed, "\(method) \(path)")
            }
            for (path, method) in try OpenAPIOperations.registeredAPIRoutes() {
                #expect(operations.contains { $0 == path && $1 == method }, "\(method) \(path) is served but not documented")
            }
        }
    }

    /// The document lists the catalog's metric ids (clients and the contract test generate requests from it): the
    /// list is the catalog, and a goal built the way the document describes it is created.
    @Test func theDocumentedMetricIdsAreTheCatalogsAndADocumentedGoalIsCreated() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let document = try await client.execute(uri: "/openapi.yaml", method: .get).text
            let line = try #require(document.split(separator: "\n").first { $0.contains("enum: [height,") })
            let list = try #require(line.split(separator: "[").last?.split(separator: "]").first)
            let documented = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(documented == MetricCatalog.all.map(\.id))

            let atLeast = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "stepCount", "direction": "atLeast", "target": 8000])
            )
            #expect(atLeast.status == .created)
            let range = try await client.execute(
                uri: "/api/v1/goals", method: .post, headers: .bearer(token),
                body: jsonBody(["metric": "bodyMass", "direction": "withinRange", "lower": 60, "upper": 65, "target": NSNull(), "deadline": NSNull()])
            )
            #expect(range.status == .created)
            let id = try #require(try range.json()["id"] as? Int)
            #expect(try await client.execute(uri: "/api/v1/goals/\(id)", method: .get, headers: .bearer(token)).status == .ok)
        }
    }
}

/// Reads the (path, method) pairs of the OpenAPI document, and the API routes the controllers register.
enum OpenAPIOperations {
    static func parse(_ yaml: String) -> [(String, String)] {
        var operations: [(String, String)] = []
        var currentPath: String?
        var inPaths = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.hasPrefix(" "), !line.isEmpty { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if let path = currentPath, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let key = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "")
                if ["get", "post", "put", "patch", "delete"].contains(key) { operations.append((path, key)) }
            }
        }
        return operations
    }

    /// Scans the API controllers' sources for `routes.<method>("path"` registrations in their `endpoints`: under /api
    /// for the wait-time API (the seed's own contract), /v1 for the BulkTrack API, /api/v1 for the rest.
    static func registeredAPIRoutes() throws -> [(String, String)] {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Server").standardized
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.lastPathComponent.hasSuffix("APIController.swift") } ?? []
        let pattern = try Regex(#"routes\.(get|post|put|patch|delete)\("([^"]+)""#)
        var routes: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let prefix = file.path.contains("/WaitTimes/") ? "/api/" : file.path.contains("/Workouts/") ? "/v1/" : "/api/v1/"
            for match in text.matches(of: pattern) {
                let method = String(match.output[1].substring ?? "")
                let path = String(match.output[2].substring ?? "")
                routes.append((prefix + path, method))
            }
        }
        return routes
    }
}
