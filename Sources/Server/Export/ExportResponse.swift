import Foundation
import Hummingbird
import NIOCore
import Services

/// Downloads named so browsers save them as files.
enum ExportResponse {
    /// A CSV download, with a UTF-8 byte-order mark for spreadsheets unless the request says `?bom=0`.
    static func csv(_ text: String, filename: String = "kiroku-records.csv", request: Request) throws -> Response {
        let bytes = SpreadsheetCSV.bytes(text, byteOrderMark: try byteOrderMark(request))
        return Response(
            status: .ok,
            headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    /// `bom=1`/`true` (the default) or `bom=0`/`false`; anything else is refused before any work is done.
    static func byteOrderMark(_ request: Request) throws -> Bool {
        switch request.uri.queryParameters["bom"].map(String.init) {
        case nil, "1", "true": return true
        case "0", "false": return false
        default: throw APIError.invalidParameter("bom")
        }
    }

    static func json(_ data: Data, filename: String = "kiroku-export.json") -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// A route's GPX document, streamed a page of points at a time as the service writes it.
    static func gpx(_ download: GPXDownload) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/gpx+xml; charset=utf-8", .contentDisposition: "attachment; filename=\"\(download.fileName)\""],
            body: ResponseBody { writer in
                try await download.write { piece in try await writer.write(ByteBuffer(string: piece)) }
                try await writer.finish(nil)
            }
        )
    }
}
