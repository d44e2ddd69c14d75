import Foundation
import Health

/// A small JSON value, built from scanner events for the pieces of a document that are read whole (one
/// Health Auto Export row, one workout).
public indirect enum JSONValue: Equatable, Sendable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    /// The member `key` of an object; nil for anything else.
    public subscript(_ key: String) -> JSONValue? {
        if case let .object(members) = self { members[key] } else { nil }
    }

    /// A string value; nil for any other kind.
    public var text: String? {
        if case let .string(text) = self { text } else { nil }
    }

    /// A finite number, or a string that holds one (the app writes some numbers as strings); nil otherwise.
    /// `1e400`, "NaN" and "Infinity" are nil: no measurement is infinite, and such a value would reach integer
    /// conversions (natural keys, metadata text) that cannot hold it.
    public var number: Double? {
        let value: Double? = switch self {
        case let .number(value): value
        case let .string(text): Double(text)
        default: nil
        }
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    public var isObject: Bool {
        if case .object = self { true } else { false }
    }
}

/// Builds one `JSONValue` from the events of a value, nested containers included.
struct JSONValueBuilder {
    private enum Partial {
        case object([String: JSONValue], pendingKey: String?)
        case array([JSONValue])
    }

    private var stack: [Partial] = []

    /// Takes the next event; answers the value once it is complete.
    mutating func add(_ event: JSONEvent) -> JSONValue? {
        switch event {
        case .objectStart:
            stack.append(.object([:], pendingKey: nil))
            return nil
        case .arrayStart:
            stack.append(.array([]))
            return nil
        case let .key(name):
            if case let .object(members, _) = stack.last { stack[stack.count - 1] = .object(members, pendingKey: name) }
            return nil
        case .objectEnd, .arrayEnd:
            switch stack.removeLast() {
            case let .object(members, _): return complete(.object(members))
            case let .array(elements): return complete(.array(elements))
            }
        case let .string(text): return complete(.string(text))
        case let .number(value): return complete(.number(value))
        case let .bool(value): return complete(.bool(value))
        case .null: return complete(.null)
        }
    }

    /// Puts a finished value into its container, or hands it out when it is the outermost.
    private mutating func complete(_ value: JSONValue) -> JSONValue? {
        // Popped, changed and pushed back, the container is uniquely referenced and grows in place.
        guard let top = stack.popLast() else { return value }
        switch top {
        case .object(var members, let pendingKey):
            if let pendingKey { members[pendingKey] = value }
            stack.append(.object(members, pendingKey: nil))
        case var .array(elements):
            elements.append(value)
            stack.append(.array(elements))
        }
        return nil
    }
}
