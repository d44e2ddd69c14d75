import Foundation

/// One metadata value as sent: a string, a number, a boolean, null, or an array or object of those. The protocol says
/// string → string, but HealthKit metadata holds numbers and booleans and real clients nest values; a sample with
/// one was refused whole before. Stored as text (`text`); re-encoded into the Kafka message as the kind it came as.
public indirect enum GatewayMetadataValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([GatewayMetadataValue])
    case object([String: GatewayMetadataValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let values = try? container.decode([GatewayMetadataValue].self) {
            self = .array(values)
        } else {
            self = .object(try container.decode([String: GatewayMetadataValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .number(let number):
            if let whole = Self.wholeNumber(number) { try container.encode(whole) } else { try container.encode(number) }
        case .bool(let flag): try container.encode(flag)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }

    /// The value as text: a string as it is; numbers without a trailing `.0` when whole (`3`, `2.5`), booleans
    /// `true`/`false`; an array or object as compact JSON with its keys sorted (`{"a":[1,true]}`), the same text
    /// whichever way it was read; nil for null, which has nothing to keep.
    public var text: String? {
        switch self {
        case .string(let text): return text
        case .null: return nil
        case .number, .bool, .array, .object:
            var out = JSONBytes(capacity: 32)
            write(to: &out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
    }

    /// The value as JSON, keys sorted as the Kafka message's encoder sorts them.
    func write(to out: inout JSONBytes) {
        switch self {
        case .string(let text): out.string(text)
        case .number(let number): out.number(number)
        case .bool(let flag): out.bool(flag)
        case .null: out.null()
        case .array(let values):
            out.bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { out.bytes.append(UInt8(ascii: ",")) }
                value.write(to: &out)
            }
            out.bytes.append(UInt8(ascii: "]"))
        case .object(let values):
            out.openObject()
            for (index, (key, value)) in values.sorted(by: { $0.key < $1.key }).enumerated() {
                out.key(key, first: index == 0)
                value.write(to: &out)
            }
            out.closeObject()
        }
    }

    private static func wholeNumber(_ number: Double) -> Int64? {
        guard number.isFinite, number == number.rounded(), abs(number) < 9.0e15 else { return nil }
        return Int64(number)
    }
}
