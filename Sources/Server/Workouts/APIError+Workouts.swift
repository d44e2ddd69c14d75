import APIModels
import Foundation
import Health
import Hummingbird
import NIOCore
import Services
import Workouts

extension APIError {
    /// The BulkTrack contract's error body: `{"code": …, "message": …}` at the top level.
    func bulkTrackResponse(in language: Language) -> Response {
        let body = BulkTrackErrorBody(code: code, message: message.text(in: language))
        let data = (try? APIJSON.makeEncoder().encode(body)) ?? Data()
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
