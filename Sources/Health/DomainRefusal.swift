import Foundation

/// A refusal from one domain: a stable `code`, the message in both languages, the HTTP status.
///
/// Every domain refuses with the same three facts, so they share this one type; `Domain` is an empty marker
/// that keeps each domain's refusals a type of its own (`WorkoutError`, `TaskStepsError`, …) for typed
/// throws and `catch` clauses, and holds that domain's named refusals in a constrained extension.
public struct DomainRefusal<Domain>: DomainError, Equatable, CustomStringConvertible {
    public let code: String
    public let message: LocalizedText
    public let httpStatus: Int

    public init(code: String, message: LocalizedText, httpStatus: Int = 400) {
        self.code = code
        self.message = message
        self.httpStatus = httpStatus
    }

    public var description: String { "\(code): \(message.en)" }
}
