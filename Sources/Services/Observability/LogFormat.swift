/// How a long-running command writes its log: `json` (one object per line, for a log pipeline, `JSONLogHandler`) or
/// `text` (for a person, `RedactingTextLogHandler`).
public enum LogFormat: String, Sendable, CaseIterable {
    case json
    case text
}
