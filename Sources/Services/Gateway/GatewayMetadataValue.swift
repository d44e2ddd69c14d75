import Foundation
import HealthImport

/// One metadata value as sent: a string, a number, a boolean, null, or an array or object of those. The protocol says
/// string → string, but HealthKit metadata holds numbers and booleans and real clients nest values; a sample with
/// one was refused whole before. Stored as text (`text`).
public indirect enum GatewayMetadataValue: Codable, Sendable, Equatable {
    case string(String)
    case number(Double)
    /// A whole number of 9e15 or more (past 2^53 a Double does not hold it exactly: a 19-digit sync identifier), as
    /// its digits: it was stored rounded and in exponent form (`1.2345678901234567e+19`).
    case integer(String)
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
        } else if let whole = try? container.decode(Int64.self), Double(whole).magnitude >= Self.digitsFrom {
            self = .integer(String(whole))
        } else if let whole = try? container.decode(UInt64.self), Double(whole) >= Self.digitsFrom {
            self = .integer(String(whole))
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
        case .integer(let digits):
            if let whole = Int64(digits) { try container.encode(whole) } else if let whole = UInt64(digits) { try container.encode(whole) } else { try container.encode(Double(digits) ?? 0) }
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
        case .string(let text), .integer(let text): return text
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
        case .integer(let digits): out.bytes.append(contentsOf: digits.utf8)
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

    /// Whole numbers from here on are kept as their digits: Kiroku writes a Double this large in exponent form, and
    /// from 2^53 (about 9.007e15) on a Double does not hold every whole number.
    static let digitsFrom = 9.0e15

    /// The value of a number's JSON text: its digits when it is a whole number of `digitsFrom` or more, else its Double.
    static func number(_ value: Double, text: UnsafeRawBufferPointer) -> GatewayMetadataValue {
        guard value.magnitude >= digitsFrom, let first = text.first,
              first == UInt8(ascii: "-") || JSONGrammar.isDigit(first), text.dropFirst().allSatisfy(JSONGrammar.isDigit)
        else { return .number(value) }
        return .integer(String(decoding: text, as: UTF8.self))
    }

    private static func wholeNumber(_ number: Double) -> Int64? {
        guard number.isFinite, number == number.rounded(), abs(number) < 9.0e15 else { return nil }
        return Int64(number)
    }
}
