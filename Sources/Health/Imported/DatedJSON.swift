import Foundation

/// JSON with sorted keys and ISO 8601 times, for series kept in a text column or a raw item (a workout's
/// heart-rate series, a route file no workout names): readable by people, by the export and by a later Kiroku.
public enum DatedJSON {
    public static func string(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// The value, or nil when the text holds something else.
    public static func decode<Value: Decodable>(_ type: Value.Type, from text: String) -> Value? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(type, from: Data(text.utf8))
    }
}
