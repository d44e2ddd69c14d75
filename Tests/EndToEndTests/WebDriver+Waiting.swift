import Foundation

extension WebDriver {
    /// Takes the network away from the page (or gives it back) as the phone's airplane mode would.
    func setOffline(_ offline: Bool) async throws {
        try await devTools("Network.enable")
        try await devTools("Network.emulateNetworkConditions", [
            "offline": offline, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
        ])
    }

    /// Waits up to 15 s for something the page does on its own (a service worker, a send in the background).
    func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
        try await waitFor(what, condition) { $0 }
    }

    func waitFor<Value>(_ what: String, _ read: () async throws -> Value, until done: (Value) -> Bool) async throws {
        let deadline = Date().addingTimeInterval(15)
        var last: Value?
        while Date() < deadline {
            let value = try await read()
            if done(value) { return }
            last = value
            try await Task.sleep(for: .milliseconds(200))
        }
        throw WebDriver.Failure(description: "\(what): not within 15 s (last: \(String(describing: last)))")
    }
}
