import Foundation
import Hummingbird
import NIOCore
import Services

/// Every JSON answer: Kiroku's JSON coding, and headers that keep personal data out of caches.
public struct APIResponseEncoder: ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let data = try (value as? any HandWrittenJSON)?.handWrittenJSON() ?? APIJSON.makeEncoder().encode(value)
        return Response(
            status: .ok,
            // Answers carry personal health data: never kept by shared caches or the browser's disk cache.
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
