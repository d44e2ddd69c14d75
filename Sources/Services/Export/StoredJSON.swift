import Foundation

/// A JSON document stored as text (a workout's statistics, a raw item's attributes), written into the export as
/// the JSON it is, so readers get objects and arrays, as for a record's metadata, not strings to parse again.
/// Text that is not JSON (never written by Kiroku, but possible in an old row) is exported as the string it is.
public enum StoredJSON: Codable, Sendable, Equatable {
    case object([String: StoredJSON])
    case array([StoredJSON])
    case string(String)
    case integer(Int64)
    case number(Double)
    case bool(Bool)
    case null

    public init(text: String) {
        self = (try? JSONDecoder().decode(StoredJSON.self, from: Data(text.utf8))) ?? .string(text)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([StoredJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: StoredJSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .object(members): try container.encode(members)
        case let .array(elements): try container.encode(elements)
        case let .string(text): try container.encode(text)
        case let .integer(value): try container.encode(value)
        case let .number(value): try container.encode(value)
        case let .bool(value): try container.encode(value)
        case .null: try container.encodeNil()
        }
    }
}
