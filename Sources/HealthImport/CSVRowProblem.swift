import Health

/// What is wrong with one row (or the header) of a CSV import, before the line it is on is attached
/// (`CSVImportError.Problem`).
struct CSVRowProblem: Error {
    let message: LocalizedText

    init(_ message: LocalizedText) {
        self.message = message
    }

    init(ja: String, en: String) {
        message = LocalizedText(ja: ja, en: en)
    }
}
