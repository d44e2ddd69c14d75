import Foundation
import Health

/// One attribute of a tag, its value with XML escapes already resolved.
public struct XMLAttribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What the streaming scanner reports: a start tag (possibly self-closing) or an end tag.
public enum XMLEvent: Sendable, Equatable {
    case start(name: String, attributes: [XMLAttribute], selfClosing: Bool)
    case end(name: String)
}
