import Foundation
import HTTPTypes

/// One generated request, and how to write it down so a person can send it again.
struct FuzzRequest {
    var method: HTTPRequest.Method
    /// Path and query, exactly as sent.
    var uri: String
    var headers: HTTPFields = [:]
    var body: [UInt8]?
    /// The route it was made from (`GET /api/v1/records/{record}`), or `random path`.
    var template: String

    var path: Substring { uri.prefix { $0 != "?" } }

    /// The request as text: request line, headers, then the body (cut after 4,096 characters; a body that is not UTF-8 in hex).
    var reproduction: String {
        var text = "\(method.rawValue) \(uri)\n"
        for field in headers {
            let value = field.value.count > 200 ? "\(field.value.prefix(200))… (\(field.value.count) characters)" : field.value
            text += "\(field.name.rawName): \(value)\n"
        }
        guard let body else { return text }
        text += "\n"
        if let utf8 = String(validating: body, as: UTF8.self) {
            text += String(utf8.prefix(4096))
        } else {
            text += "hex: " + body.prefix(1024).map { String(format: "%02x", $0) }.joined()
        }
        if body.count > 4096 { text += "\n… (\(body.count) bytes in all)" }
        return text + "\n"
    }
}
