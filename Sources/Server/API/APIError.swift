import Foundation
import Health
import Hummingbird
import NIOCore
import Services

/// An error the API answers with: a stable code, a message in Japanese and English, an HTTP status.
/// The body is always `{"error": {"code": "...", "message": "..."}}` in the caller's language.
public struct APIError: Error, Sendable, Equatable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: LocalizedText
    public var headers: HTTPFields = [:]

    public init(status: HTTPResponse.Status, code: String, message: LocalizedText, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    /// The answer to a domain error: its status, code and message, and `Retry-After` when it names a wait.
    public init(_ error: some DomainError) {
        self.init(status: .init(code: error.httpStatus), code: error.code, message: error.message)
        if let seconds = error.retryAfterSeconds { headers[.retryAfter] = String(seconds) }
    }

    public static let unauthorized = APIError(
        status: .unauthorized, code: "unauthorized",
        message: .init(ja: "認証が必要です。APIトークンを確認してください。", en: "Authentication required. Check your API token.")
    )
    public static let notFound = APIError(ServiceError.notFound)
    public static let bodyTooLarge = APIError(
        status: .contentTooLarge, code: "body_too_large",
        message: .init(ja: "リクエストが大きすぎます（上限 1 MB）。", en: "The request body is too large (limit 1 MB).")
    )
    public static func malformedJSON(_ detail: LocalizedText) -> APIError {
        APIError(
            status: .badRequest, code: "malformed_json",
            message: .init(ja: "JSON を読み取れません: \(detail.ja)", en: "Could not read the JSON: \(detail.en)")
        )
    }

    /// A detail that reads the same in both languages (a decoder's own description).
    public static func malformedJSON(detail: String) -> APIError {
        malformedJSON(LocalizedText(ja: detail, en: detail))
    }

    public static let unsupportedMediaType = APIError(
        status: .unsupportedMediaType, code: "unsupported_media_type",
        message: .init(ja: "JSON の本文には Content-Type: application/json を付けてください。", en: "Send JSON bodies with Content-Type: application/json.")
    )

    public static func duplicateKey(_ name: String) -> APIError {
        APIError(
            status: .badRequest, code: "duplicate_key",
            message: .init(ja: "JSON のキー「\(name)」が同じオブジェクトに 2 回あります。", en: "The JSON key “\(name)” appears twice in one object.")
        )
    }

    /// A parameter the operation refuses, named, with what it accepts (`from: expected a date as YYYY-MM-DD`).
    public static func invalidParameter(_ name: String, expected: ExpectedValue? = nil) -> APIError {
        APIError(ServiceError.invalidParameter(name, expected: expected))
    }

    /// Members a PATCH body does not read (a typo such as "valeu"): answering 200 would say the change was made.
    public static func unknownFields(_ names: [String], accepted: [String]) -> APIError {
        let quotedJA = names.map { "「\($0)」" }.joined(separator: "、")
        let quotedEN = names.map { "“\($0)”" }.joined(separator: ", ")
        return APIError(
            status: .badRequest, code: "unknown_field",
            message: .init(
                ja: "\(quotedJA)は受け付けない項目です。使える項目: \(accepted.joined(separator: "、"))。",
                en: "Unknown field\(names.count == 1 ? "" : "s") \(quotedEN): this request accepts \(accepted.joined(separator: ", "))."
            )
        )
    }
    public static let internalError = APIError(
        status: .internalServerError, code: "internal_error",
        message: .init(ja: "サーバーでエラーが発生しました。データは変更されていません。", en: "The server hit an error. Nothing was changed.")
    )

    struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }

    func response(in language: Language) -> Response {
        let data = (try? APIJSON.makeEncoder().encode(Body(error: .init(code: code, message: message.text(in: language))))) ?? Data()
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension APIError: HTTPResponseError {
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let chosen = (context as? AppRequestContext).flatMap { $0.languageIsChosen ? $0.language : nil }
        let language = chosen ?? Language.preferred(fromAcceptLanguage: request.headers[.acceptLanguage]) ?? .ja
        return response(in: language)
    }
}
