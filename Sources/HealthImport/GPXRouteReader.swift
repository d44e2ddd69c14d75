import Foundation
import Health

/// Reads the track points of a GPX file (the `workout-routes/*.gpx` of an Apple Health export, or any GPX 1.0/1.1
/// track) as its bytes arrive. Only the point being read is buffered, so a route file of any length streams
/// through in constant memory; the points themselves are handed to `emit` one by one.
///
/// Apple writes `<trkpt lat lon><ele/><time/><extensions><speed/><course/><hAcc/><vAcc/></extensions></trkpt>`;
/// Garmin-style `gpxtpx:speed` / `gpxtpx:course` read the same (prefixes are ignored).
public struct GPXRouteReader {
    /// One point as read: a route point, or the fields of one that could not be read and why.
    public enum Read {
        case point(RoutePoint)
        case rejected(index: Int, fields: [String: String], reason: KeptRawReason)
    }

    private var pending: [UInt8] = []
    private var index = 0
    private let window: InstantWindow
    /// No track point comes near this; a file that never closes one must not fill memory.
    static let longestPoint = 1 << 20

    /// `now` is when the import runs: a point's time may not lie more than a day after it.
    public init(now: Date) {
        window = .healthData(now: now)
    }

    private static let open = Array("<trkpt".utf8)
    private static let close = Array("</trkpt>".utf8)

    public mutating func feed(_ bytes: some Sequence<UInt8>, _ emit: (Read) throws -> Void) throws {
        pending.append(contentsOf: bytes)
        var consumed = 0
        while let start = Self.find(Self.open, in: pending, from: consumed) {
            guard let tagEnd = Self.find([UInt8(ascii: ">")], in: pending, from: start) else { consumed = start; break }
            let end: Int
            if pending[tagEnd - 1] == UInt8(ascii: "/") {
                end = tagEnd + 1
            } else if let closing = Self.find(Self.close, in: pending, from: tagEnd) {
                end = closing + Self.close.count
            } else {
                consumed = start
                break
            }
            try emit(read(String(decoding: pending[start..<end], as: UTF8.self)))
            consumed = end
        }
        if Self.find(Self.open, in: pending, from: consumed) == nil {
            // Keep a tail that might be the start of "<trkpt" cut by the chunk boundary.
            consumed = max(consumed, pending.count - Self.open.count)
        }
        pending.removeFirst(consumed)
        if pending.count > Self.longestPoint { throw ImportError.malformedXML(reason: "a GPX track point longer than 1 MiB", byteOffset: 0, line: 0) }
    }

    /// Every point is read once the file ends; an unclosed point is a cut-off file.
    public func finish() throws {
        if Self.find(Self.open, in: pending, from: 0) != nil { throw ImportError.truncated(byteOffset: 0, line: 0) }
    }

    private mutating func read(_ element: String) -> Read {
        defer { index += 1 }
        let fields = Self.fields(of: element)
        var input = RoutePointInput()
        input.time = fields["time"]
        input.latitude = fields["@lat"].flatMap(Double.init)
        input.longitude = fields["@lon"].flatMap(Double.init)
        input.elevation = fields["ele"].flatMap(Double.init)
        input.speed = fields["speed"].flatMap(Double.init)
        input.course = fields["course"].flatMap(Double.init)
        input.horizontalAccuracy = fields["hAcc"].flatMap(Double.init)
        input.verticalAccuracy = fields["vAcc"].flatMap(Double.init)
        switch input.point(window: window) {
        case let .success(point): return .point(point)
        case let .failure(reason): return .rejected(index: index, fields: fields, reason: reason)
        }
    }

    /// The point's attributes (as "@name") and every leaf element's text, namespace prefixes dropped.
    static func fields(of element: String) -> [String: String] {
        var fields: [String: String] = [:]
        let text = Substring(element)
        guard let firstClose = text.firstIndex(of: ">") else { return fields }
        for (name, value) in attributes(text[text.index(text.startIndex, offsetBy: 6)..<firstClose]) { fields["@" + name] = value }
        var cursor = text.index(after: firstClose)
        while let open = text[cursor...].firstIndex(of: "<") {
            guard let close = text[open...].firstIndex(of: ">") else { break }
            let tag = text[text.index(after: open)..<close]
            cursor = text.index(after: close)
            guard let first = tag.first, first != "/", first != "!", first != "?", tag.last != "/" else { continue }
            let name = localName(tag.prefix { !$0.isWhitespace })
            guard let next = text[cursor...].firstIndex(of: "<") else { break }
            if text[next...].hasPrefix("</") {
                let value = text[cursor..<next].trimmingCharacters(in: .whitespacesAndNewlines)
                if !value.isEmpty { fields[name] = unescaped(value) }
            }
        }
        return fields
    }

    private static func attributes(_ text: Substring) -> [(String, String)] {
        var result: [(String, String)] = []
        var rest = text
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "/")))
            let afterEquals = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
            guard let quote = afterEquals.first, quote == "\"" || quote == "'" else { break }
            let valueStart = afterEquals.index(after: afterEquals.startIndex)
            guard let valueEnd = afterEquals[valueStart...].firstIndex(of: quote) else { break }
            result.append((localName(Substring(name)), unescaped(String(afterEquals[valueStart..<valueEnd]))))
            rest = afterEquals[afterEquals.index(after: valueEnd)...]
        }
        return result
    }

    private static func localName(_ name: Substring) -> String {
        String(name.split(separator: ":").last ?? name)
    }

    private static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var position = start
        let last = haystack.count - needle.count
        while position <= last {
            if haystack[position] == needle[0] {
                var matched = true
                for offset in 1..<needle.count where haystack[position + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return position }
            }
            position += 1
        }
        return nil
    }
}
