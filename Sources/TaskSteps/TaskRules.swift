import Foundation
import Health

/// The limits on what a person types, checked the same way by the API, the web forms and the CLI.
public enum TaskRules {
    public static let maxTitleLength = 200
    public static let maxStepsPerTask = 100
    public static let maxNotesLength = 5_000
    public static let maxTags = 10
    public static let maxTagLength = 30

    /// Trims surrounding whitespace and checks length in characters as a person counts them (graphemes),
    /// so 200 kanji or emoji are allowed just like 200 letters.
    public static func title(_ raw: String, field: TaskStepsError.TitleField) throws(TaskStepsError) -> String {
        let title = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .emptyTitle(field) }
        guard title.count <= maxTitleLength else { throw .titleTooLong(field, limit: maxTitleLength) }
        return try NameText.check(title, field: field.name, in: TaskStepsDomain.self)
    }

    public static func notes(_ raw: String) throws(TaskStepsError) -> String {
        let notes = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard notes.count <= maxNotesLength else { throw .notesTooLong }
        return notes
    }

    /// Tags are compared case-insensitively and kept in the order first given, without duplicates.
    /// A leading "#" is dropped because people type tags the way they do on social media.
    public static func tags(_ raw: [String]) throws(TaskStepsError) -> [String] {
        var seen = Set<String>()
        var tags: [String] = []
        for candidate in raw {
            var tag = candidate.trimmingCharacters(in: .whitespacesAndNewlines)
            if tag.hasPrefix("#") { tag.removeFirst() }
            if tag.isEmpty { continue }
            guard tag.count <= maxTagLength, !tag.contains(where: \.isWhitespace), !tag.contains(",") else { throw .invalidTag }
            tag = try NameText.check(tag, field: LocalizedText(ja: "タグ", en: "Tag"), in: TaskStepsDomain.self)
            if seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        }
        guard tags.count <= maxTags else { throw .invalidTag }
        return tags
    }

    /// Tags typed in one field, separated by commas or spaces (full-width ones too).
    public static func tags(fromField field: String) throws(TaskStepsError) -> [String] {
        try tags(field.split(whereSeparator: { $0 == "," || $0 == "、" || $0.isWhitespace }).map(String.init))
    }

    public static func dueDate(_ raw: String?) throws(TaskStepsError) -> LocalDay? {
        guard let text = raw?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let day = LocalDay(text) { return day }
        // Written as YYYY-MM-DD but not on the calendar (2026-02-30): asking for that form again would not help.
        if let parts = text.wholeMatch(of: /([0-9]{4})-([0-9]{2})-([0-9]{2})/),
           let year = Int(parts.1), let month = Int(parts.2), let day = Int(parts.3)
        {
            do throws(DateTextProblem) {
                _ = try DateTimeFields(year: year, month: month, day: day)
            } catch {
                throw .nonexistentDueDate(text, problem: error)
            }
        }
        throw .invalidDueDate
    }

    /// Step titles from a multi-line field, one per line, blank lines skipped.
    public static func stepTitles(fromLines text: String) throws(TaskStepsError) -> [String] {
        let titles = try text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .map { line throws(TaskStepsError) in try title(line, field: .step) }
        guard titles.count <= maxStepsPerTask else { throw .tooManySteps(limit: maxStepsPerTask) }
        return titles
    }
}
