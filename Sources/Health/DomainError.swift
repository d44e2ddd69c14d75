import Foundation

/// What every domain's refusal carries: a stable `code` for clients, a message for the person in both
/// languages, and the HTTP status it maps to. The server turns any of them into the one API error shape.
public protocol DomainError: Error, Sendable {
    var code: String { get }
    var message: LocalizedText { get }
    var httpStatus: Int { get }
    /// Seconds a client should wait before trying again (a limit was hit); nil when trying again will not help.
    var retryAfterSeconds: Int? { get }
}

extension DomainError {
    public var retryAfterSeconds: Int? { nil }
}

