import Foundation
import Health
import Hummingbird

/// JSON coding shared by the API's decoder, encoder, exports and tests. Instants go through `Instant`, the one
/// date parser: RFC 3339 with or without fractional seconds and with any offset, because phones send all of them,
/// and never a date the calendar lacks. They are written in UTC with exact milliseconds.
public enum APIJSON {
    public static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .instant
        return decoder
    }

    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .instant
        return encoder
    }

    /// An instant a client wrote (see `Instant.parse`).
    public static func parseDate(_ text: String) throws(DateInputError) -> Date {
        try Instant.parse(text).date
    }

    public static func formatDate(_ date: Date) -> String {
        Instant.iso8601(date)
    }
}

public struct APIResponseEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let data = try APIJSON.makeEncoder().encode(value)
        return Response(
            status: .ok,
            // Answers carry personal health data: never kept by shared caches or the browser's disk cache.
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}

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
