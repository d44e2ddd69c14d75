import Foundation
import Hummingbird
import NIOCore

/// Downloads named so browsers save them as files.
enum ExportResponse {
    static func csv(_ text: String, filename: String = "kiroku-records.csv") -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }

    static func json(_ data: Data, filename: String = "kiroku-export.json") -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    static func gpx(_ text: String, filename: String) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/gpx+xml; charset=utf-8", .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: .init(byteBuffer: ByteBuffer(string: text))
        )
    }
}
