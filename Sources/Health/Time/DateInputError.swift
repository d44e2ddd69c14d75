import Foundation

/// A date or time someone sent that Kiroku refuses: unreadable, impossible on the calendar, or outside what the
/// field accepts. The message names the field and repeats the value, so the sender can find and fix it.
public struct DateInputError: DomainError, Equatable {
    public enum Reason: Sendable, Equatable {
        case unreadable(DateTextProblem)
        case outOfRange(InstantWindow)
    }

    public let reason: Reason
    /// The value as it was written (shortened when very long).
    public let text: String
    /// The field, as the sender knows it (`performedAt`, `records[2].start`); nil until a caller names it.
    public private(set) var field: String?

    public init(_ reason: Reason, text: some StringProtocol, field: String? = nil) {
        self.reason = reason
        self.text = text.count > 40 ? String(text.prefix(40)) + "…" : String(text)
        self.field = field
    }

    /// The same error for the named field (a decoder knows the field, the parser does not).
    public func named(_ field: String) -> DateInputError {
        var copy = self
        copy.field = field
        return copy
    }

    public var code: String {
        switch reason {
        case .unreadable: "invalid_date"
        case .outOfRange: "date_out_of_range"
        }
    }

    public var httpStatus: Int { 400 }

    public var message: LocalizedText {
        let jaField = field.map { "\($0): " } ?? ""
        let enField = field.map { "\($0): " } ?? ""
        switch reason {
        case .unreadable(let problem):
            return LocalizedText(
                ja: "\(jaField)「\(text)」は日時として正しくありません（\(problem.reason.ja)）",
                en: "\(enField)“\(text)” is not a valid date and time (\(problem.reason.en))."
            )
        case .outOfRange(let window):
            return LocalizedText(
                ja: "\(jaField)「\(text)」は受け付けられる範囲の外です（\(window.rule.ja)の日時にしてください）",
                en: "\(enField)“\(text)” is out of range (it must be \(window.rule.en))."
            )
        }
    }
}

extension DomainRefusal {
    /// Another domain's refusal with the same code, message and status, for typed throws.
    public init(_ other: some DomainError) {
        self.init(code: other.code, message: other.message, httpStatus: other.httpStatus)
    }
}
