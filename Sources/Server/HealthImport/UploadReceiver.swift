import Foundation
import Health
import Hummingbird
import NIOCore

/// Streams an uploaded file — a raw body or the file part of `multipart/form-data` — to disk as it arrives,
/// so a multi-gigabyte export never sits in memory. Small form fields of a multipart body are collected.
struct UploadReceiver {
    struct Upload {
        var fileName: String?
        var fields: [String: String]
        var bytes: Int
    }

    let limit: Int

    static func tooLarge(_ limit: Int) -> APIError {
        let size = ByteCountFormatter.string(fromByteCount: Int64(limit), countStyle: .binary)
        return APIError(
            status: .contentTooLarge, code: "upload_too_large",
            message: .init(ja: "ファイルが大きすぎます（上限 \(size)）。", en: "The file is too large (limit \(size)).")
        )
    }

    static let noFile = APIError(
        status: .badRequest, code: "upload_missing_file",
        message: .init(ja: "ファイルが送られていません。", en: "No file was sent.")
    )

    /// Writes the body to `destination`. `beforeFile` sees the fields that came before the file part (the
    /// web form puts its CSRF token first) and may refuse the upload before any of the file is stored.
    func receive(_ request: Request, to destination: URL, beforeFile: ([String: String]) throws -> Void = { _ in }) async throws -> Upload {
        _ = FileManager.default.createFile(atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600])
        let handle = try FileHandle(forWritingTo: destination)
        defer { try? handle.close() }
        do {
            let contentType = request.headers[.contentType] ?? ""
            if let boundary = Self.boundary(contentType) {
                var parser = MultipartStreamParser(boundary: boundary)
                var bytes = 0
                for try await buffer in request.body {
                    try parser.feed(Array(buffer.readableBytesView)) { event in
                        switch event {
                        case let .fileStarts(fields):
                            try beforeFile(fields)
                        case let .fileData(data):
                            bytes += data.count
                            guard bytes <= limit else { throw Self.tooLarge(limit) }
                            try handle.write(contentsOf: data)
                        }
                    }
                }
                guard parser.sawFile else { throw Self.noFile }
                return Upload(fileName: parser.fileName, fields: parser.fields, bytes: bytes)
            }
            try beforeFile([:])
            var bytes = 0
            for try await buffer in request.body {
                bytes += buffer.readableBytes
                guard bytes <= limit else { throw Self.tooLarge(limit) }
                try handle.write(contentsOf: Data(buffer.readableBytesView))
            }
            guard bytes > 0 else { throw Self.noFile }
            let name = request.uri.queryParameters["name"].map(String.init)
            return Upload(fileName: name, fields: [:], bytes: bytes)
        } catch {
            try? FileManager.default.removeItem(at: destination)
            throw error
        }
    }

    static func boundary(_ contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for part in contentType.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.lowercased().hasPrefix("boundary=") {
                return String(trimmed.dropFirst("boundary=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}

/// An incremental `multipart/form-data` parser: field parts are collected (up to 64 KiB each), the file part
/// is passed on chunk by chunk, holding back only as many bytes as the boundary could span.
struct MultipartStreamParser {
    enum Event {
        /// The file part begins; the fields sent before it.
        case fileStarts([String: String])
        case fileData([UInt8])
    }

    private enum State {
        case preamble
        case headers
        case field(String)
        case file
        case done
    }

    private let delimiter: [UInt8]
    private var buffer: [UInt8]
    private var state = State.preamble
    private(set) var fields: [String: String] = [:]
    private(set) var fileName: String?
    private(set) var sawFile = false
    private var fieldValue: [UInt8] = []

    init(boundary: String) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        // The body starts with "--boundary" without a line break before it: supply one.
        buffer = Array("\r\n".utf8)
    }

    mutating func feed(_ bytes: [UInt8], _ handle: (Event) throws -> Void) throws {
        buffer.append(contentsOf: bytes)
        while true {
            switch state {
            case .done:
                buffer.removeAll()
                return
            case .preamble:
                guard let index = find(delimiter) else { return }
                guard buffer.count >= index + delimiter.count + 2 else { return }
                try afterDelimiter(at: index)
            case .headers:
                guard let end = find(Array("\r\n\r\n".utf8)) else {
                    guard buffer.count < 16_384 else { throw Self.malformed }
                    return
                }
                let headers = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                let name = Self.parameter("name", in: headers) ?? ""
                if let file = Self.parameter("filename", in: headers) {
                    fileName = file
                    sawFile = true
                    state = .file
                    try handle(.fileStarts(fields))
                } else {
                    fieldValue = []
                    state = .field(name)
                }
            case let .field(name):
                if let index = find(delimiter) {
                    guard buffer.count >= index + delimiter.count + 2 else { return }
                    fieldValue.append(contentsOf: buffer[..<index])
                    fields[name] = String(decoding: fieldValue, as: UTF8.self)
                    try afterDelimiter(at: index)
                } else {
                    let keep = delimiter.count + 2
                    guard buffer.count > keep else { return }
                    fieldValue.append(contentsOf: buffer[..<(buffer.count - keep)])
                    buffer.removeFirst(buffer.count - keep)
                    guard fieldValue.count <= 65_536 else { throw Self.malformed }
                    return
                }
            case .file:
                if let index = find(delimiter) {
                    guard buffer.count >= index + delimiter.count + 2 else { return }
                    if index > 0 { try handle(.fileData(Array(buffer[..<index]))) }
                    try afterDelimiter(at: index)
                } else {
                    let keep = delimiter.count + 2
                    guard buffer.count > keep else { return }
                    try handle(.fileData(Array(buffer[..<(buffer.count - keep)])))
                    buffer.removeFirst(buffer.count - keep)
                    return
                }
            }
        }
    }

    /// After a delimiter comes "--" (the end) or a line break and the next part's headers.
    private mutating func afterDelimiter(at index: Int) throws {
        let next = index + delimiter.count
        if buffer[next] == UInt8(ascii: "-"), buffer[next + 1] == UInt8(ascii: "-") {
            state = .done
        } else {
            state = .headers
        }
        buffer.removeFirst(next + 2)
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var index = 0
        let last = buffer.count - needle.count
        while index <= last {
            guard let candidate = buffer[index...last].firstIndex(of: needle[0]) else { return nil }
            if buffer[candidate..<(candidate + needle.count)].elementsEqual(needle) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    private static func parameter(_ name: String, in headers: String) -> String? {
        for line in headers.split(separator: "\r\n") where line.lowercased().hasPrefix("content-disposition") {
            for part in line.split(separator: ";") {
                let trimmed = part.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("\(name)=") {
                    return String(trimmed.dropFirst(name.count + 1)).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }
            }
        }
        return nil
    }

    static let malformed = APIError(
        status: .badRequest, code: "upload_malformed",
        message: .init(ja: "アップロードの形式が正しくありません。", en: "The upload is not valid multipart/form-data.")
    )
}
