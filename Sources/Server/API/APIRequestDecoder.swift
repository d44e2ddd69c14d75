import Foundation
import Hummingbird
import Services

/// How every JSON request body is read: it must be labelled JSON, fit the context's size limit, name each member of
/// an object once, hold only members it reads when it is a `PatchBody`, and decode into the expected shape — or the
/// request is refused with a reason.
public struct APIRequestDecoder: RequestDecoder {
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        try Self.requireJSON(request.headers)
        let buffer = try await request.body.collect(upTo: context.maxUploadSize)
        try Self.refuseDuplicateKeys(in: buffer)
        let data = Data(buffer.readableBytesView)
        if let patch = T.self as? any PatchBody.Type {
            let unknown = patch.unknownMembers(in: data)
            guard unknown.isEmpty else { throw APIError.unknownFields(unknown, accepted: patch.memberNames) }
        }
        do {
            return try APIJSON.makeDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            throw APIError.malformedJSON(detail: error.kirokuDescription)
        }
    }

    /// `application/json`, or any `application/*+json`, with no charset or UTF-8 (RFC 8259: JSON is UTF-8).
    /// Every client Kiroku serves sends `application/json`: the gateway app (its protocol says so), the BulkTrack
    /// app, Health Auto Export, Kiroku's own SDK and CLI.
    static func requireJSON(_ headers: HTTPFields) throws {
        guard let value = headers[.contentType] else { throw APIError.unsupportedMediaType }
        // `split` drops empty pieces: a value of only `;` or nothing leaves no media type at all.
        var parameters = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard !parameters.isEmpty else { throw APIError.unsupportedMediaType }
        let mediaType = parameters.removeFirst()
        let isJSON = mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
        let charsetIsUTF8 = parameters.allSatisfy { parameter in
            guard parameter.hasPrefix("charset=") else { return true }
            return ["utf-8", "\"utf-8\"", "utf8"].contains(parameter.dropFirst("charset=".count))
        }
        guard isJSON, charsetIsUTF8 else { throw APIError.unsupportedMediaType }
    }

    /// A member name given twice in one object is refused (400, naming it): decoders would keep one value silently.
    static func refuseDuplicateKeys(in buffer: ByteBuffer) throws {
        if let name = buffer.withUnsafeReadableBytes({ JSONDuplicateKeys.first(in: $0) }) {
            throw APIError.duplicateKey(name)
        }
    }
}
