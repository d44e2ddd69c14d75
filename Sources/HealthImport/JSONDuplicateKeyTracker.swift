/// Watches a JSON event stream for a member name given twice in one object. JSON decoders accept such documents
/// silently and keep one of the values, so which value a client meant is a guess; Kiroku refuses them instead.
public struct JSONDuplicateKeyTracker {
    /// The names seen in each open container, innermost last; nil for an array.
    private var containers: [Set<String>?] = []

    public init() {}

    /// The repeated name, when `event` repeats one in its object.
    public mutating func observe(_ event: JSONEvent) -> String? {
        switch event {
        case .objectStart:
            containers.append([])
        case .arrayStart:
            containers.append(nil)
        case .objectEnd, .arrayEnd:
            _ = containers.popLast()
        case .key(let name):
            guard let innermost = containers.indices.last else { return nil }
            if containers[innermost]?.insert(name).inserted == false { return name }
        case .string, .number, .bool, .null:
            break
        }
        return nil
    }
}
