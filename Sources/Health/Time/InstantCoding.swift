import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// Instants read by `Instant.parse`. A refusal is a `DateInputError` naming the field by its path in the
    /// document (`records[2].start`) and repeating the value, in both languages.
    public static var instant: Self {
        .custom { decoder in
            try Instant.parse(decoder.singleValueContainer().decode(String.self), at: decoder.codingPath).date
        }
    }
}

extension Instant {
    /// `parse` for a value in a document: a refusal names the field by its path (`records[2].start`).
    public static func parse(_ text: String, at codingPath: [any CodingKey]) throws(DateInputError) -> Instant {
        do throws(DateInputError) {
            return try parse(text)
        } catch {
            throw error.named(codingPath.jsonPath)
        }
    }
}

extension JSONEncoder.DateEncodingStrategy {
    /// RFC 3339 in UTC with exact milliseconds (`Instant.iso8601`).
    public static var instant: Self {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Instant.iso8601(date))
        }
    }
}

extension [any CodingKey] {
    /// `records[2].start`: a field's path as a client developer reads it.
    var jsonPath: String {
        var path = ""
        for key in self {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return path
    }
}
