import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Batches as the gateway phone app builds and retries them, for the tests that post under load.
enum PhoneBatches {
    /// A batch as the phone app builds it, `count` new samples.
    static func batch(phone: Int, number: Int, count: Int) throws -> (ids: [String], body: Data) {
        let samples = (0..<count).map { n -> [String: Any] in
            let at = Date(timeIntervalSince1970: 1_790_000_000 + Double(phone * 1_000_000 + number * 1_000 + n))
            return [
                "id": UUID().uuidString.lowercased(), "type": "stepCount", "value": Double(n), "unit": "count",
                "startDate": at.formatted(.iso8601), "endDate": at.addingTimeInterval(30).formatted(.iso8601),
            ]
        }
        let body = try JSONSerialization.data(withJSONObject: [
            "deviceId": "550e8400-e29b-41d4-a716-44665544000\(phone % 10)", "userId": "phone\(phone)", "timestamp": "2026-11-20T10:00:00Z",
            "appVersion": "1.0.0", "samples": samples,
        ])
        return (samples.compactMap { $0["id"] as? String }, body)
    }

    /// Posts `body` until it is answered 200, as the app retries a failed batch (sooner than its 1–16 s, to keep the
    /// tests short). With `newConnection` each attempt is a connection of its own, so a proxy spreads them over its
    /// servers.
    static func postUntilAccepted(_ body: Data, site: String, key: String, newConnection: Bool = false, timeout: Int64 = 15) async throws {
        let giveUp = ContinuousClock.now + .seconds(30)
        while true {
            var request = GatewayKafkaEndToEndTests.gatewayRequest(site: site, key: key, body: body)
            if newConnection { request.headers.add(name: "Connection", value: "close") }
            if let response = try? await HTTPClient.shared.execute(request, timeout: .seconds(timeout)) {
                _ = try? await response.body.collect(upTo: 1 << 20)
                if response.status == .ok { return }
            }
            guard ContinuousClock.now < giveUp else { throw WebDriver.Failure(description: "batch never accepted") }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// One phone posting batches of `size` new samples, each retried until it is answered 200, until the switch is off
    /// (at most `most` batches); the ids of every sample answered 200.
    static func post(
        while load: LoadSwitch, phone: Int, site: String, key: String, size: Int, most: Int, pause: Duration,
        newConnection: Bool = false, timeout: Int64 = 15
    ) async throws -> [String] {
        var acknowledged: [String] = []
        var number = 0
        while load.isOn, number < most {
            number += 1
            let (ids, body) = try batch(phone: phone, number: number, count: size)
            try await postUntilAccepted(body, site: site, key: key, newConnection: newConnection, timeout: timeout)
            acknowledged += ids
            try await Task.sleep(for: pause)
        }
        return acknowledged
    }
}
