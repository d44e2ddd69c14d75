import Foundation

/// An element kept as JSON: `{"element": name, …its attributes, "children": […]}` (no `children` when it has none),
/// so that what Kiroku keeps of an element says which element it was (a vision prescription's `RightEye` and
/// `LeftEye` carry the same attributes) and which child belongs to which parent (a multisport workout's activities).
extension ExportedElement: Encodable {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, value) in attributes {
            // An attribute that happens to be called so keeps its value under "@element" / "@children".
            let key = name == "element" || name == "children" ? "@" + name : name
            try container.encode(value, forKey: Key(stringValue: key))
        }
        try container.encode(name, forKey: Key(stringValue: "element"))
        if !children.isEmpty { try container.encode(children, forKey: Key(stringValue: "children")) }
    }
}
