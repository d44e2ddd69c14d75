import Foundation
@testable import Server
import Testing

@Suite("Streaming multipart parser")
struct MultipartStreamParserTests {
    /// A body whose file contains a near-boundary ("\r\n--Kiroku" without the rest) to catch false matches.
    static let file = Array("<HealthData>\r\n--Kirok\r\n--Kiroku-not-quite\r\n</HealthData>".utf8) + [0, 255, 13, 10]

    static var body: [UInt8] {
        var body = Array("--KirokuBoundary\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\ntoken-123\r\n".utf8)
        body += Array("--KirokuBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"export.xml\"\r\nContent-Type: text/xml\r\n\r\n".utf8)
        body += file
        body += Array("\r\n--KirokuBoundary\r\nContent-Disposition: form-data; name=\"keep\"\r\n\r\n1\r\n--KirokuBoundary--\r\n".utf8)
        return body
    }

    @Test("Fields and file bytes come out the same however the body is split", arguments: [1, 2, 3, 7, 16, 1000])
    func anyChunking(size: Int) throws {
        var parser = MultipartStreamParser(boundary: "KirokuBoundary")
        var received: [UInt8] = []
        var fieldsBeforeFile: [String: String]?
        let body = Self.body
        var index = 0
        while index < body.count {
            let chunk = Array(body[index..<min(body.count, index + size)])
            try parser.feed(chunk) { event in
                switch event {
                case let .fileStarts(fields): fieldsBeforeFile = fields
                case let .fileData(data): received += data
                }
            }
            index += size
        }
        #expect(received == Self.file)
        #expect(fieldsBeforeFile == ["csrf": "token-123"])
        #expect(parser.fields == ["csrf": "token-123", "keep": "1"])
        #expect(parser.fileName == "export.xml")
    }
}
