import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore

/// What a fuzz run saw: answers by status class, and each distinct failure with the first request that caused it.
struct FuzzReport {
    struct Failure: CustomStringConvertible {
        let kind: String
        let index: Int
        let request: FuzzRequest
        let answer: String
        var count = 1

        var description: String {
            "\(kind) — \(count) time(s); first at request #\(index):\n\(request.reproduction)answer: \(answer)"
        }
    }

    let seed: UInt64
    private(set) var sent = 0
    private(set) var byClass: [Int: Int] = [:]
    private(set) var failures: [String: Failure] = [:]
    /// Failure kinds in the order they were first seen.
    private(set) var order: [String] = []

    init(seed: UInt64) {
        self.seed = seed
    }

    /// `mustSucceed`: anything but a 2xx is a failure (the reads after the fuzz).
    mutating func record(_ request: FuzzRequest, index: Int, response: TestResponse, mustSucceed: Bool = false) {
        sent += 1
        byClass[Int(response.status.code) / 100, default: 0] += 1
        let refused = mustSucceed && !(200..<300).contains(Int(response.status.code))
        guard let problem = Self.problem(request, response) ?? (refused ? "answered \(response.status.code)" : nil) else { return }
        let body = String(buffer: response.body)
        note(FuzzReport.Failure(kind: "\(request.template): \(problem)", index: index, request: request, answer: "\(response.status.code) \(body.prefix(300))"))
    }

    mutating func recordThrown(_ request: FuzzRequest, index: Int, error: any Error) {
        sent += 1
        note(Failure(kind: "\(request.template): the application threw instead of answering", index: index, request: request, answer: "\(error)"))
    }

    private mutating func note(_ failure: Failure) {
        if failures[failure.kind] == nil {
            failures[failure.kind] = failure
            order.append(failure.kind)
        } else {
            failures[failure.kind]?.count += 1
        }
    }

    var distinctFailures: [Failure] { order.compactMap { failures[$0] } }

    func summary(seconds: Double) -> String {
        let classes = byClass.keys.sorted().map { "\($0)xx \(byClass[$0] ?? 0)" }.joined(separator: ", ")
        return "API fuzz, seed \(seed): \(sent) requests in \(String(format: "%.1f", seconds)) s — \(classes); \(order.count) distinct failure(s)"
    }

    /// Why an answer is wrong, or nil: any 5xx, and under /api and /v1 an error whose body is not the documented JSON
    /// (`{"error": {"code", "message"}}` under /api, the BulkTrack contract's top-level `{"code", "message"}` under /v1).
    static func problem(_ request: FuzzRequest, _ response: TestResponse) -> String? {
        let status = Int(response.status.code)
        if status >= 500 { return "answered \(status)" }
        guard status >= 400, request.method != .head else { return nil }
        let path = request.path
        let isBulkTrack = path.hasPrefix("/v1/")
        guard isBulkTrack || path.hasPrefix("/api/") else { return nil }
        let object = try? JSONSerialization.jsonObject(with: Data(String(buffer: response.body).utf8)) as? [String: Any]
        let shape = isBulkTrack ? object : object?["error"] as? [String: Any]
        guard shape?["code"] is String, shape?["message"] is String else {
            return "a \(status) whose body is not the documented JSON error"
        }
        return nil
    }
}
