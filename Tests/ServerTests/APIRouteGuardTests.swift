import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The JSON API's guard sits on its route group: every operation `openapi.yaml` leaves under the document's default
/// security (a bearer token) answers 401 in the JSON error shape to a request without one, before its handler runs,
/// and changes nothing. Operations the document marks public or gives their own credentials are left out.
@Suite struct APIRouteGuardTests {
    @Test func everyTokenOperationRefusesARequestWithoutAToken() async throws {
        let server = try TestServer()
        try await server.test { client in
            let document = try await client.execute(uri: "/openapi.yaml", method: .get).text
            let guarded = DefaultSecurityOperations.parse(document).filter { $0.path.hasPrefix("/api/") }
            #expect(guarded.count >= 20, "found \(guarded.count) operations under the default security")
            for (path, method) in guarded {
                let uri = path.replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: "1", options: .regularExpression)
                let response = try await client.execute(
                    uri: uri, method: .init(rawValue: method.uppercased())!, headers: [.contentType: "application/json"], body: jsonBody([:])
                )
                #expect(response.status == .unauthorized, "\(method) \(path): \(response.status)")
                #expect(response.errorCode == "unauthorized", "\(method) \(path)")
            }
        }
    }
}

/// The (path, method) pairs of an OpenAPI document whose operation has no `security:` of its own.
enum DefaultSecurityOperations {
    static func parse(_ yaml: String) -> [(path: String, method: String)] {
        var operations: [(path: String, method: String, overridden: Bool)] = []
        var path: String?
        var inPaths = false
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "paths:" { inPaths = true; continue }
            if inPaths, !line.hasPrefix(" "), !line.isEmpty { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let current = path, line.hasPrefix("    "), !line.hasPrefix("     ") {
                let key = line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ":", with: "")
                if ["get", "post", "put", "patch", "delete"].contains(key) { operations.append((current, key, false)) }
            } else if line.hasPrefix("      security:"), !operations.isEmpty {
                operations[operations.count - 1].overridden = true
            }
        }
        return operations.filter { !$0.overridden }.map { ($0.path, $0.method) }
    }
}
