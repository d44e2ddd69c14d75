import Foundation
import Health

/// JSON coding shared by the API's decoder, encoder, exports and tests. Instants go through `Instant`, the one
/// date parser: RFC 3339 with or without fractional seconds and with any offset, because phones send all of them,
/// and never a date the calendar lacks. They are written in UTC with exact milliseconds.
public enum APIJSON {
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .instant
        return decoder
    }

    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .instant
        return encoder
    }

    /// An instant a client wrote (see `Instant.parse`).
    public static func parseDate(_ text: String) throws(DateInputError) -> Date {
        try Instant.parse(text).date
    }

    public static func formatDate(_ date: Date) -> String {
        Instant.iso8601(date)
    }
}
