import Foundation
import Hummingbird
import Services

extension Request {
    /// Decodes an `application/x-www-form-urlencoded` body within the context's size limit.
    func decodeForm<T: Decodable>(as type: T.Type, context: AppRequestContext) async throws -> T {
        let buffer = try await body.collect(upTo: context.maxUploadSize)
        do {
            return try URLEncodedFormDecoder().decode(T.self, from: String(buffer: buffer))
        } catch {
            throw APIError.invalidParameter("form", expected: ExpectedValue(
                ja: "フォームの項目は application/x-www-form-urlencoded で送ってください", en: "expected the form's fields as application/x-www-form-urlencoded"
            ))
        }
    }
}
