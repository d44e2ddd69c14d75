import Foundation
import Health

/// A record's `creationDate` (when the source app created the sample), read as the export writes every date
/// (`Instant.parse`, `.exportFiles` forms: no DateFormatter) and held to the same window as the sample's own dates.
///
/// A creation date that cannot be read costs the sample nothing: it is stored without one and the text, as written,
/// stays in its metadata under `unreadableMetadataKey`, as any attribute Kiroku has no column for does ("@name").
public enum SourceCreationDate {
    /// Where a creation date that could not be read is kept, as written.
    public static let unreadableMetadataKey = "@creationDate"

    /// The instant `text` names, or nil when there is no text or it names none inside `window`.
    public static func read(_ text: String?, window: InstantWindow) -> Date? {
        guard let text, let instant = try? Instant.parse(text, forms: .exportFiles), window.contains(instant.date) else { return nil }
        return instant.date
    }
}
