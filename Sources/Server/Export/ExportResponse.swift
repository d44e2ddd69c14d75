import Foundation
import Hummingbird
import Logging
import NIOCore
import Services
import Storage

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
        default: throw APIError.invalidParameter("bom", expected: .oneOf(["1", "true", "0", "false"]))
        }
    }

    static func json(_ data: Data, filename: String = "kiroku-export.json") -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// Every record as a CSV download, written a page of records at a time as the exporter reads them (a whole
    /// export in memory was 1 GB for 570,000 records). `bom` is checked before the answer starts.
    static func recordsCSV(
        _ exporter: DataExporter, userId: Int64, timeZone: TimeZone, request: Request, logger: Logger
    ) throws -> Response {
        let byteOrderMark = try byteOrderMark(request)
        return Response(
            status: .ok,
            headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"kiroku-records.csv\""],
            body: ResponseBody { writer in
                try await logger.timed("export.csv") {
                    try await exporter.csv(userId: userId, timeZone: timeZone, byteOrderMark: byteOrderMark) { piece in
                        try await writer.write(ByteBuffer(string: piece))
                    }
                }
                try await writer.finish(nil)
            }
        )
    }

    /// Everything the user owns as one JSON download, the records written a page at a time (2 GB in memory for
    /// 570,000 records when it was built whole).
    static func exportJSON(_ exporter: DataExporter, user: User, now: Date, logger: Logger) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentDisposition: "attachment; filename=\"kiroku-export.json\""],
            body: ResponseBody { writer in
                try await logger.timed("export.json") {
                    try await exporter.json(user: user, now: now) { piece in try await writer.write(ByteBuffer(bytes: piece)) }
                }
                try await writer.finish(nil)
            }
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
