import Foundation

extension DecodingError {
    /// Which field was wrong, in words a client developer can act on.
    var kirokuDescription: String {
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch self {
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            return "missing field \(parent.isEmpty ? "" : parent + ".")\(key.stringValue)"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "invalid value at \(path(context.codingPath))"
        @unknown default:
            return "invalid JSON"
        }
    }
}
