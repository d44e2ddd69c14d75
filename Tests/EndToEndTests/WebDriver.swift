import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Just enough of the W3C WebDriver protocol (JSON over HTTP) to drive Debian's chromium through chromedriver.
struct WebDriver {
    let base: URL
    let sessionId: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    static func start(driverURL: URL, chromium: String, width: Int, height: Int) async throws -> WebDriver {
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": chromium,
                        "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--lang=ja"],
                        // A phone's viewport, exactly: desktop windows have a minimum size in headless mode.
                        "mobileEmulation": ["deviceMetrics": ["width": width, "height": height, "pixelRatio": 1]],
                        "prefs": ["intl.accept_languages": "ja,en"],
                    ],
                ],
            ],
        ]
        let answer = try await call(driverURL.appendingPathComponent("session"), method: "POST", body: capabilities)
        guard let value = answer as? [String: Any], let id = value["sessionId"] as? String else {
            throw Failure(description: "no session: \(String(describing: answer))")
        }
        return WebDriver(base: driverURL.appendingPathComponent("session/\(id)"), sessionId: id)
    }

    func open(_ url: String) async throws {
        _ = try await Self.call(base.appendingPathComponent("url"), method: "POST", body: ["url": url])
    }

    func setWindow(width: Int, height: Int) async throws {
        _ = try await Self.call(base.appendingPathComponent("window/rect"), method: "POST", body: ["width": width, "height": height])
    }

    func element(_ css: String) async throws -> String {
        let value = try await Self.call(base.appendingPathComponent("element"), method: "POST", body: ["using": "css selector", "value": css])
        guard let element = value as? [String: Any], let id = element[Self.elementKey] as? String else {
            throw Failure(description: "no element \(css): \(String(describing: value))")
        }
        return id
    }

    func type(_ text: String, into css: String) async throws {
        let id = try await element(css)
        _ = try await Self.call(base.appendingPathComponent("element/\(id)/clear"), method: "POST", body: [:])
        _ = try await Self.call(base.appendingPathComponent("element/\(id)/value"), method: "POST", body: ["text": text])
    }

    func click(_ css: String) async throws {
        let id = try await element(css)
        // As a thumb would, bring the control to mid-screen first: WebDriver only scrolls what is off screen, and a
        // control at the bottom edge sits under the phone's fixed tab bar.
        _ = try await Self.call(base.appendingPathComponent("execute/sync"), method: "POST", body: [
            "script": "arguments[0].scrollIntoView({ block: 'center', inline: 'nearest' }); return true;",
            "args": [[Self.elementKey: id]],
        ])
        _ = try await Self.call(base.appendingPathComponent("element/\(id)/click"), method: "POST", body: [:])
    }

    /// Clicks a submit button and waits until the browser has left the page and loaded the answer:
    /// WebDriver's click returns before a form submission's navigation finishes.
    func submit(_ css: String, timeout: TimeInterval = 15) async throws {
        try await navigating(timeout: timeout) { try await click(css) }
    }

    /// Runs `action` and waits until it has made the browser load a new page.
    func navigating(timeout: TimeInterval = 15, _ action: () async throws -> Void) async throws {
        _ = try await Self.call(base.appendingPathComponent("execute/sync"), method: "POST", body: ["script": "document.documentElement.dataset.left = 'no'; return true;", "args": []])
        try await action()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let state = try await Self.call(
                base.appendingPathComponent("execute/sync"), method: "POST",
                body: ["script": "return (document.documentElement.dataset.left !== 'no') && document.readyState === 'complete';", "args": []]
            ) as? Bool
            if state == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "no new page loaded within \(Int(timeout)) s")
    }

    /// Runs a script in the page and returns its result.
    func evaluate(_ script: String) async throws -> Any? {
        try await Self.call(base.appendingPathComponent("execute/sync"), method: "POST", body: ["script": script, "args": []])
    }

    /// A Chrome DevTools protocol command through chromedriver (network emulation and the like).
    @discardableResult
    func devTools(_ command: String, _ parameters: [String: Any] = [:]) async throws -> Any? {
        try await Self.call(base.appendingPathComponent("goog/cdp/execute"), method: "POST", body: ["cmd": command, "params": parameters])
    }

    func source() async throws -> String {
        try await Self.call(base.appendingPathComponent("source"), method: "GET") as? String ?? ""
    }

    func currentURL() async throws -> String {
        try await Self.call(base.appendingPathComponent("url"), method: "GET") as? String ?? ""
    }

    /// A PNG of the viewport.
    func screenshot() async throws -> Data {
        let encoded = try await Self.call(base.appendingPathComponent("screenshot"), method: "GET") as? String ?? ""
        guard let data = Data(base64Encoded: encoded) else { throw Failure(description: "screenshot was not base64") }
        return data
    }

    func quit() async {
        _ = try? await Self.call(base, method: "DELETE")
    }

    @discardableResult
    static func call(_ url: URL, method: String, body: [String: Any]? = nil) async throws -> Any? {
        // AsyncHTTPClient rather than URLSession: chromedriver writes headers without a space after the
        // colon, which Foundation's libcurl-based client on Linux refuses ("Failed writing header").
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        if let body {
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
            request.headers.add(name: "Content-Type", value: "application/json")
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let data = Data((try await response.body.collect(upTo: 64 * 1024 * 1024)).readableBytesView)
        let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
        if let value = object?["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(error): \(value["message"] ?? "")")
        }
        return object?["value"] ?? nil
    }
}
