import Health

/// Every reason a sign-up was refused, at most one per field (the first rule its value breaks), so the form can show
/// them all at once beside their fields instead of making the person fix one, send again and meet the next.
public struct SignUpRefusal: DomainError {
    public enum Field: String, Sendable, CaseIterable {
        case username, displayName, password, passwordConfirmation
    }

    public struct Problem: Sendable {
        public let field: Field
        public let error: any DomainError
    }

    /// In the form's order; never empty.
    public let problems: [Problem]

    /// Nil when nothing was wrong, so a caller can collect first and throw only if there is something to say.
    init?(_ problems: [Problem]) {
        guard !problems.isEmpty else { return nil }
        self.problems = problems
    }

    init(_ field: Field, _ error: any DomainError) {
        problems = [Problem(field: field, error: error)]
    }

    // The first problem's code and status, so a single mistake answers exactly as it did before (409 for a taken name).
    public var code: String { problems.first?.error.code ?? "invalid_sign_up" }
    public var httpStatus: Int { problems.first?.error.httpStatus ?? 400 }

    /// The page's alert when each problem is shown beside its field: how many fields to look at.
    public var summary: LocalizedText {
        problems.count == 1
            ? LocalizedText(ja: "下の項目を確認してください。", en: "Check the field marked below.")
            : LocalizedText(ja: "下の \(problems.count) 項目を確認してください。", en: "Check the \(problems.count) fields marked below.")
    }

    /// Every problem, for a reader with no form to put them beside (the CLI's `kiroku user create`).
    public var message: LocalizedText {
        LocalizedText(
            ja: problems.map { $0.error.message.ja }.joined(separator: " "),
            en: problems.map { $0.error.message.en }.joined(separator: " ")
        )
    }
}
