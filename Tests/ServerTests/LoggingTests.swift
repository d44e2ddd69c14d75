import Foundation
import Logging
import Server
import Services
import Synchronization
import Testing

@Suite struct LoggingTests {
    final class Lines: Sendable {
        let storage = Mutex<[String]>([])
        func append(_ line: String) { storage.withLock { $0.append(line) } }
        var all: [String] { storage.withLock { $0 } }
    }

    @Test func jsonLinesCarryLevelMessageLocationAndRedactedContext() throws {
        let lines = Lines()
        var logger = Logger(label: "kiroku.test") { label in
            JSONLogHandler(label: label, level: .debug, redactor: PersonalDataRedactor(), write: lines.append)
        }
        logger[metadataKey: "request_id"] = "r-1"
        logger.warning("sign-in failed", metadata: [
            "user_id": "42", "email": "hanako@example.jp", "route": "/signin",
            "details": ["password": "hunter2hunter2", "attempt": "3"],
        ])
        let line = try #require(lines.all.first)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["level"] as? String == "warning")
        #expect(object["message"] as? String == "sign-in failed")
        #expect((object["location"] as? String)?.hasPrefix("LoggingTests.swift:") == true)
        #expect(object["timestamp"] as? String != nil)
        let context = try #require(object["context"] as? [String: Any])
        #expect(context["user_id"] as? String == "[redacted]")
        #expect(context["email"] as? String == "[redacted]")
        #expect(context["route"] as? String == "/signin")
        #expect(context["request_id"] as? String == "r-1")
        #expect((context["details"] as? [String: Any])?["password"] as? String == "[redacted]")
        #expect((context["details"] as? [String: Any])?["attempt"] as? String == "3")
        #expect(!line.contains("hanako@example.jp"))
        #expect(!line.contains("hunter2"))
    }

    @Test func personalDataIsKeptOnlyWhenExplicitlyAllowed() throws {
        let lines = Lines()
        let logger = Logger(label: "kiroku.test") { label in
            JSONLogHandler(label: label, level: .info, redactor: PersonalDataRedactor(enabled: false), write: lines.append)
        }
        logger.info("debugging", metadata: ["email": "hanako@example.jp"])
        #expect(lines.all.first?.contains("hanako@example.jp") == true)
    }

    @Test func levelsBelowTheThresholdAreNotWritten() {
        let lines = Lines()
        let logger = Logger(label: "kiroku.test") { label in
            JSONLogHandler(label: label, level: .warning, write: lines.append)
        }
        logger.info("quiet")
        logger.error("loud")
        #expect(lines.all.count == 1)
    }

    @Test(arguments: [(0.05, OperationSpeed.excellent), (0.1, .good), (0.49, .good), (0.5, .acceptable), (0.99, .acceptable), (1, .slow), (2.99, .slow), (3, .verySlow)])
    func operationsAreClassedByTheDesignsSpeedBands(seconds: Double, speed: OperationSpeed) {
        #expect(OperationSpeed(seconds: seconds) == speed)
    }

    @Test func timedOperationsLogTheirDurationAndResult() async throws {
        let lines = Lines()
        let logger = Logger(label: "kiroku.test") { label in
            JSONLogHandler(label: label, level: .info, write: lines.append)
        }
        let value = await logger.timed("export") { 7 }
        #expect(value == 7)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines.all.last!.utf8)) as? [String: Any])
        let context = try #require(object["context"] as? [String: Any])
        #expect(context["operation"] as? String == "export")
        #expect(context["result"] as? String == "success")
        #expect(context["speed"] as? String == "excellent")
        #expect(Int(context["duration_ms"] as? String ?? "") != nil)
    }
}
