import Foundation
import Health
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
@testable import Server
import Services
import Storage
import WaitTimes

/// Instants in Tokyo for wait-time tests: "2026-11-20 12:00" is a Friday noon.
enum Tokyo {
    static let zone = TimeZone(identifier: "Asia/Tokyo")!

    static func at(_ text: String) -> Date {
        let parts = text.split(separator: " ")
        return LocalDay(String(parts[0]))!.start(in: zone).addingTimeInterval(Double(TimeOfDay(String(parts[1]))!.minutes * 60))
    }
}

/// A test clock that can be moved forward between requests.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) {
        current = start
    }

    var now: Date { lock.withLock { current } }

    func set(_ date: Date) {
        lock.withLock { current = date }
    }
}

extension TestServer {
    /// A server whose wait-time clock reads `clock`, plus an operator token for the feed endpoints.
    static func waitTimes(at clock: TestClock) async throws -> (TestServer, operatorToken: String) {
        let server = try TestServer(clock: { clock.now })
        let (secret, _) = try await WaitTimeService(database: server.database).createOperatorToken(name: "tests")
        return (server, secret)
    }

    func observe(_ storeId: String, _ minutes: Int?, at date: Date, status: WaitObservation.Status = .available) async throws {
        try await WaitTimeService(database: database).record(
            [WaitObservation(storeId: storeId, observedAt: date, minutes: minutes, status: status, source: "test")], now: date, logger: Logger(label: "test")
        )
    }
}

extension HTTPFields {
    static func operatorToken(_ token: String, language: String = "en") -> HTTPFields {
        [HTTPField.Name("X-Operator-Token")!: token, .contentType: "application/json", .acceptLanguage: language]
    }
}

extension TestResponse {
    func jsonArray() throws -> [[String: Any]] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []
    }
}
