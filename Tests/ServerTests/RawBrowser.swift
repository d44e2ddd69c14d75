import Foundation
import NIOCore

/// A browser on another machine, as far as a live server can tell: every request comes from `source` (a loopback
/// address of its own), with the browser's cookies and the page's CSRF token.
final class RawBrowser {
    let port: Int
    let source: String
    var cookies: [String: String] = [:]
    /// Header lines sent with every request, e.g. "X-Forwarded-For: 203.0.113.7" for a browser behind a proxy.
    var extraHeaders: [String] = []
    var language = "en"

    init(port: Int, from source: String) {
        self.port = port
        self.source = source
    }

    func get(_ path: String) async throws -> RawConnection.Response {
        try await send("GET \(path) HTTP/1.1\r\n" + head() + "\r\n")
    }

    func post(_ path: String, form: [String: String]) async throws -> RawConnection.Response {
        let body = String(buffer: formBody(form))
        return try await send(
            "POST \(path) HTTP/1.1\r\n" + head() + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
        )
    }

    /// Loads `page` and posts one of its forms with the page's CSRF token.
    func submit(page: String, to action: String, form: [String: String]) async throws -> RawConnection.Response {
        var form = form
        form["csrf"] = WebSession.csrfToken(in: try await get(page).text)
        return try await post(action, form: form)
    }

    func signIn(_ username: String, password: String, next: String = "") async throws -> RawConnection.Response {
        try await submit(page: "/signin", to: "/signin" + next, form: ["username": username, "password": password])
    }

    /// Signs up from a fresh start: a browser already signed in would be sent away from the form.
    func signUp(_ username: String, password: String = "correct horse battery") async throws -> RawConnection.Response {
        cookies = [:]
        return try await submit(page: "/signup", to: "/signup", form: ["username": username, "password": password, "passwordConfirmation": password])
    }

    private func head() -> String {
        var lines = "Host: 127.0.0.1:\(port)\r\nAccept: text/html\r\nAccept-Language: \(language)\r\nConnection: close\r\n"
        if !cookies.isEmpty { lines += "Cookie: " + cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; ") + "\r\n" }
        for header in extraHeaders { lines += header + "\r\n" }
        return lines
    }

    private func send(_ request: String) async throws -> RawConnection.Response {
        let response = try await RawConnection.exchange(port: port, from: source, request)
        for (name, value) in response.headers where name == "set-cookie" {
            let pair = value.split(separator: ";", maxSplits: 1)[0].split(separator: "=", maxSplits: 1)
            guard let cookie = pair.first.map(String.init) else { continue }
            let content = pair.count > 1 ? String(pair[1]) : ""
            cookies[cookie] = content.isEmpty ? nil : content
        }
        return response
    }
}
