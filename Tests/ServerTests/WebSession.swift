import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore

/// A browser stand-in for router tests: keeps cookies and reads the CSRF token out of forms.
struct WebSession {
    let client: any TestClientProtocol
    var cookies: [String: String] = [:]
    var userAgent: String?

    init(_ client: any TestClientProtocol, userAgent: String? = nil) {
        self.client = client
        self.userAgent = userAgent
    }

    var headers: HTTPFields {
        var fields: HTTPFields = [.accept: "text/html", .acceptLanguage: "ja,en;q=0.5"]
        if let userAgent { fields[.userAgent] = userAgent }
        if !cookies.isEmpty {
            fields[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        return fields
    }

    mutating func get(_ uri: String) async throws -> TestResponse {
        let response = try await client.execute(uri: uri, method: .get, headers: headers)
        remember(response)
        return response
    }

    mutating func post(_ uri: String, form: [String: String]) async throws -> TestResponse {
        var fields = headers
        fields[.contentType] = "application/x-www-form-urlencoded"
        let response = try await client.execute(uri: uri, method: .post, headers: fields, body: formBody(form))
        remember(response)
        return response
    }

    /// Loads a page and submits one of its forms with the page's CSRF token.
    mutating func submit(page: String, to action: String, form: [String: String]) async throws -> TestResponse {
        let html = try await get(page).text
        var form = form
        form["csrf"] = Self.csrfToken(in: html)
        return try await post(action, form: form)
    }

    mutating func signUp(_ username: String, password: String = "correct horse battery") async throws -> TestResponse {
        try await submit(page: "/signup", to: "/signup", form: ["username": username, "password": password, "passwordConfirmation": password, "displayName": username])
    }

    private mutating func remember(_ response: TestResponse) {
        for name in response.setCookies.keys {
            let value = response.cookieValue(name) ?? ""
            if value.isEmpty { cookies[name] = nil } else { cookies[name] = value }
        }
    }

    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value="([^"]+)""#, options: .regularExpression) else { return nil }
        let match = html[range]
        return match.split(separator: "\"").dropFirst(3).first.map(String.init)
    }
}
