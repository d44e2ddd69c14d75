import Foundation

/// A JSON document as the API fuzzer writes it: object members keep their order and may repeat a key, and numbers
/// are their literal text, so a body can hold what a JSON library would never write (`1e400`, `NaN`, a key twice).
indirect enum FuzzJSON {
    case object([(key: String, value: FuzzJSON)])
    case array([FuzzJSON])
    case string(String)
    case number(String)
    case bool(Bool)
    case null
    /// Text written as it is, valid JSON or not.
    case raw(String)

    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                Self.quote(member.key, into: &out)
                out += ":"
                member.value.write(to: &out)
            }
            out += "}"
        case .array(let elements):
            out += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { out += "," }
                element.write(to: &out)
            }
            out += "]"
        case .string(let text): Self.quote(text, into: &out)
        case .number(let literal): out += literal
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .raw(let text): out += text
        }
    }

    /// A JSON string literal, written by Foundation: control characters are escaped, so `"\u0000"` reaches the
    /// server as a real NUL.
    private static func quote(_ text: String, into out: inout String) {
        let literal = try? JSONSerialization.data(withJSONObject: text, options: [.fragmentsAllowed])
        out += literal.map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }

    /// The members of an object, or nil for any other value.
    var members: [(key: String, value: FuzzJSON)]? {
        if case .object(let members) = self { return members }
        return nil
    }
}

/// Literals, so the catalog's valid bodies read like the JSON they are.
extension FuzzJSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .number(String(value)) }
    init(floatLiteral value: Double) { self = .number(String(value)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: FuzzJSON...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, FuzzJSON)...) { self = .object(elements.map { (key: $0.0, value: $0.1) }) }
}
