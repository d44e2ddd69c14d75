import Foundation

/// Finds a member name given twice in one JSON object, in a whole request body, without decoding the values.
///
/// It reads only structure and member names, comparing a name's raw bytes with the others of its object; a name
/// with escapes (`"\u0076alue"` is `"value"`) moves its object to comparing decoded names. On a 1,000-sample gateway
/// batch (323 KB, release build) it takes about 2 ms where JSONDecoder takes 25–31 ms; JSONStreamScanner with
/// `JSONDuplicateKeyTracker` took 8–10 ms. Malformed input is read safely and proves nothing: the decoder that runs
/// next says what is wrong with it. (Streamed uploads, read by JSONStreamScanner anyway, use the tracker.)
enum JSONDuplicateKeys {
    private enum Names {
        case array
        /// Names as ranges of the document, all without escapes; few enough to compare one by one.
        case few([Range<Int>])
        case many(Set<String>)
    }

    static let maxCompared = 32

    static func first(in bytes: UnsafeRawBufferPointer) -> String? {
        var containers: [Names] = []
        var index = 0
        let count = bytes.count
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                containers.append(.few([]))
                index += 1
            case UInt8(ascii: "["):
                containers.append(.array)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = containers.popLast()
                index += 1
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                var escaped = false
                while end < count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\") { escaped = true; end += 2 } else { end += 1 }
                }
                guard end < count else { return nil }
                index = end + 1
                var next = index
                while next < count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[next]) { next += 1 }
                // A string followed by a colon inside an object is a member name.
                guard next < count, bytes[next] == UInt8(ascii: ":"), let innermost = containers.indices.last else { continue }
                if let repeated = add(start..<end, escaped: escaped, to: &containers[innermost], in: bytes) { return repeated }
            default:
                index += 1
            }
        }
        return nil
    }

    /// Adds a name to its object's names; the name when the object already has it.
    private static func add(_ name: Range<Int>, escaped: Bool, to names: inout Names, in bytes: UnsafeRawBufferPointer) -> String? {
        switch names {
        case .array:
            return nil
        case .few(var ranges) where !escaped && ranges.count < maxCompared:
            if ranges.contains(where: { $0.count == name.count && bytes[$0].elementsEqual(bytes[name]) }) { return text(name, in: bytes) }
            names = .array  // drops the array's other reference, so the append below does not copy it
            ranges.append(name)
            names = .few(ranges)
        case .few(let ranges):
            var set = Set(ranges.map { text($0, in: bytes) })
            let added = text(name, in: bytes)
            guard set.insert(added).inserted else { return added }
            names = .many(set)
        case .many(var set):
            names = .array
            let added = text(name, in: bytes)
            guard set.insert(added).inserted else { return added }
            names = .many(set)
        }
        return nil
    }

    private static func text(_ range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> String {
        let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
        return (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: raw, as: UTF8.self)
    }
}
