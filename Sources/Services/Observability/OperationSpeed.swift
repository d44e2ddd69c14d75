import Foundation
import Logging

/// Seed 000's speed classes for key operations: < 0.1 s excellent, < 0.5 good, < 1 acceptable, < 3 slow, else very slow.
public enum OperationSpeed: String, Sendable {
    case excellent, good, acceptable, slow, verySlow = "very_slow"

    public init(seconds: Double) {
        switch seconds {
        case ..<0.1: self = .excellent
        case ..<0.5: self = .good
        case ..<1: self = .acceptable
        case ..<3: self = .slow
        default: self = .verySlow
        }
    }
}

extension Logger {
    /// Runs a key operation, logging its start, end, result, duration and speed class.
    public func timed<T>(_ operation: String, _ body: () async throws -> T) async rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        debug("operation started", metadata: ["operation": "\(operation)"])
        do {
            let value = try await body()
            logDuration(operation, result: "success", elapsed: clock.now - start)
            return value
        } catch {
            logDuration(operation, result: "failure", elapsed: clock.now - start)
            throw error
        }
    }

    private func logDuration(_ operation: String, result: String, elapsed: Duration) {
        let seconds = elapsed.inSeconds
        let speed = OperationSpeed(seconds: seconds)
        let level: Logger.Level = speed == .slow || speed == .verySlow ? .warning : .info
        log(level: level, "operation finished", metadata: [
            "operation": "\(operation)", "result": "\(result)",
            "duration_ms": "\(Int((seconds * 1000).rounded()))", "speed": "\(speed.rawValue)",
        ])
    }
}

extension Duration {
    /// The duration as fractional seconds, for logs and speed classes.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
