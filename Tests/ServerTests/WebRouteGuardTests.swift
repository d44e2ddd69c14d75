import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// The web route groups carry the guards, so no page can forget them: every route a web controller declares in its
/// `endpoints` sends a signed-out visitor to sign in, and every state-changing web route refuses a form without the
/// page's token, a form another site sent, and a text/plain body. The routes are read from the controllers' sources,
/// so a page added tomorrow is checked without touching this file.
@Suite struct WebRouteGuardTests {
    @Test func everySignedInPageSendsASignedOutVisitorToSignIn() async throws {
        let routes = try WebRoutes.read()
        #expect(routes.signedIn.count >= 30, "found \(routes.signedIn.count) signed-in routes")
        let server = try TestServer()
        try await server.test { client in
            for route in routes.signedIn {
                let response = try await client.execute(
                    uri: route.uri, method: route.method, headers: [.accept: "text/html", .contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "csrf=x")
                )
                #expect(response.status == .seeOther, "\(route)")
                #expect(response.headers[.location]?.hasPrefix("/signin") == true, "\(route) → \(response.headers[.location] ?? "-")")
            }
        }
    }

    /// A web controller that registered its routes any other way would escape both the groups and this suite.
    @Test func webControllersDeclareTheirRoutesOnlyAsEndpoints() throws {
        let routes = try WebRoutes.read()
        #expect(routes.controllersRegisteringDirectly.isEmpty, "\(routes.controllersRegisteringDirectly)")
    }

    @Test func aSignedOutPageReadReturnsToThePageAfterSignIn() async throws {
        let server = try TestServer()
        try await server.test { client in
            let response = try await client.execute(uri: "/tasks?filter=due-soon&tag=home", method: .get, headers: [.accept: "text/html"])
            #expect(response.headers[.location] == "/signin?next=/tasks%3Ffilter%3Ddue-soon%26tag%3Dhome")
        }
    }

    @Test func everyStateChangingWebRouteRefusesForgedForms() async throws {
        let routes = try WebRoutes.read()
        let unsafe = (routes.signedIn + routes.open).filter { $0.method != .get && $0.method != .head }
        #expect(unsafe.count >= 25, "found \(unsafe.count) state-changing routes")
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let token = try #require(WebSession.csrfToken(in: try await browser.get("/settings").text))
            for route in unsafe {
                var headers = browser.headers
                headers[.contentType] = "application/x-www-form-urlencoded"
                let missing = try await client.execute(uri: route.uri, method: route.method, headers: headers, body: ByteBuffer(string: "name=x"))
                #expect(missing.status == .forbidden, "\(route) without a token: \(missing.status)")

                var crossSite = headers
                crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
                let forged = try await client.execute(uri: route.uri, method: route.method, headers: crossSite, body: ByteBuffer(string: "csrf=\(token)"))
                #expect(forged.status == .forbidden, "\(route) from another site: \(forged.status)")

                var plain = browser.headers
                plain[.contentType] = "text/plain"
                let textPlain = try await client.execute(uri: route.uri, method: route.method, headers: plain, body: ByteBuffer(string: "csrf=\(token)"))
                #expect(textPlain.status == .forbidden, "\(route) as text/plain: \(textPlain.status)")
            }
            // Nothing those requests sent was stored, and the account is still there.
            #expect(try await server.database.tasks(userId: try #require(try await server.database.user(username: "hanako")?.id)).isEmpty)
        }
    }

    @Test func aSameOriginFormWithItsTokenStillWorks() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let page = try await browser.get("/tasks").text
            var headers = browser.headers
            headers[.contentType] = "application/x-www-form-urlencoded"
            headers[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let token = try #require(WebSession.csrfToken(in: page))
            let created = try await client.execute(uri: "/tasks", method: .post, headers: headers, body: ByteBuffer(string: "csrf=\(token)&title=%E8%B2%B7%E3%81%84%E7%89%A9"))
            #expect(created.status == .seeOther)
            #expect(try await browser.get("/tasks").text.contains("買い物"))
        }
    }
}

/// The routes the web controllers declare, split by the group they are mounted on.
struct WebRoutes {
    struct Route: CustomStringConvertible {
        let method: HTTPRequest.Method
        let path: String
        /// The path with every parameter filled in with something that exists nowhere.
        var uri: String {
            "/" + path.replacingOccurrences(of: #"\{[A-Za-z]+\}"#, with: "999999", options: .regularExpression)
        }
        var description: String { "\(method) /\(path)" }
    }

    var signedIn: [Route] = []
    var open: [Route] = []
    /// Web controllers that add routes to a router or group they are handed, outside `endpoints`.
    var controllersRegisteringDirectly: [String] = []

    /// Scans `Sources/Server/**/*WebController.swift` for `routes.<method>("path"` inside `var endpoints` (signed-in
    /// group) or `var publicEndpoints` (public web group).
    static func read() throws -> WebRoutes {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources/Server").standardized
        var found = WebRoutes()
        let walker = FileManager.default.enumerator(atPath: sources.path)
        while let relative = walker?.nextObject() as? String {
            guard relative.hasSuffix("WebController.swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            if text.contains("addRoutes(to") || text.contains("router.") { found.controllersRegisteringDirectly.append(relative) }
            var group: String?
            for line in text.split(separator: "\n") {
                if line.contains("var endpoints: RouteCollection") { group = "signedIn" } else if line.contains("var publicEndpoints: RouteCollection") { group = "open" } else if line.hasPrefix("    }") { group = nil }
                guard let group, let match = line.firstMatch(of: #/routes\.(get|post|put|patch|delete)\("([^"]*)"/#) else { continue }
                let path = String(match.output.2).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                let route = Route(method: HTTPRequest.Method(rawValue: match.output.1.uppercased())!, path: path)
                if group == "signedIn" { found.signedIn.append(route) } else { found.open.append(route) }
            }
        }
        return found
    }
}
