import Foundation

/// Attribute names and the values that recur from tag to tag, each made into a `String` once.
///
/// An export repeats itself: every record names its attributes again, and most of them carry one of a few values
/// (its type, source, source version, device and unit, a metadata entry's key). Made anew for each tag, those are
/// hundreds of thousands of allocations, UTF-8 checks and — for a device description, written with `&lt;` and `&gt;` —
/// entity decodings, and as many frees on the thread that stores them. Here the raw bytes of a value are compared with
/// the few last seen for the same attribute name and, when equal, that value's `String` is shared.
///
/// Names whose values hardly ever recur (dates, numbers) stop being compared for a while, so they cost a few byte
/// comparisons now and then, not one for every tag. The answer is always what decoding the bytes gives: only equal raw
/// bytes share a value. Memory is bounded: at most `nameLimit` names, `valuesPerName` values each, none longer than
/// `longestValue` bytes.
struct RecurringAttributeValues {
    static let nameLimit = 64
    static let valuesPerName = 4
    static let longestValue = 1_024
    /// Looks per round before a name's hit rate is judged.
    static let round = 64
    /// Attributes of a name left alone after a round with fewer than a quarter of hits.
    static let restLength = 65_536

    private struct Value {
        var raw: [UInt8]
        var string: String
    }

    private struct Name {
        let raw: [UInt8]
        let string: String
        var values: [Value] = []
        /// Where the next value goes when all places are taken.
        var nextPlace = 0
        var looks = 0
        var hits = 0
        /// Attributes of this name still to pass without a look.
        var resting = 0
    }

    private var names: [Name] = []
    /// The name found at each attribute position last time: a kind of tag lists its attributes in the same order.
    private var nameAtPosition: [Int] = []

    /// The index of the attribute name `bytes[start..<end]` (read at `position` in its tag) and its text; a nil index
    /// once `nameLimit` names are known.
    mutating func name(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, position: Int) -> (index: Int?, string: String) {
        if position < nameAtPosition.count {
            let guess = nameAtPosition[position]
            // Through the buffer, not `names[guess]`: a read of the array's element copies it, retaining its arrays.
            if let string = names.withUnsafeBufferPointer({ Self.equal($0[guess].raw, bytes, start, end) ? $0[guess].string : nil }) {
                return (guess, string)
            }
        }
        let found = names.withUnsafeBufferPointer { names in names.indices.first { Self.equal(names[$0].raw, bytes, start, end) } }
        guard let index = found ?? add(bytes, start, end) else { return (nil, Self.string(bytes, start, end)) }
        while nameAtPosition.count <= position { nameAtPosition.append(index) }
        nameAtPosition[position] = index
        return (index, names[index].string)
    }

    /// The value already made for these raw bytes under the name at `index`, or nil (then `remember` it).
    mutating func value(named index: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String? {
        names.withUnsafeMutableBufferPointer { names in
            if names[index].resting > 0 {
                names[index].resting -= 1
                return nil
            }
            guard end - start <= Self.longestValue else { return nil }
            names[index].looks += 1
            var found: String?
            names[index].values.withUnsafeBufferPointer { values in
                for value in values.indices where Self.equal(values[value].raw, bytes, start, end) {
                    found = values[value].string
                    break
                }
            }
            if found != nil { names[index].hits += 1 }
            if names[index].looks == Self.round {
                if names[index].hits * 4 < Self.round { names[index].resting = Self.restLength }
                names[index].looks = 0
                names[index].hits = 0
            }
            return found
        }
    }

    /// Keeps `string`, decoded from `bytes[start..<end]`, for the next tags with the name at `index`.
    mutating func remember(_ string: String, named index: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) {
        guard names[index].resting == 0, end - start <= Self.longestValue else { return }
        let value = Value(raw: Array(UnsafeBufferPointer(rebasing: bytes[start..<end])), string: string)
        names.withUnsafeMutableBufferPointer { names in
            if names[index].values.count < Self.valuesPerName {
                names[index].values.append(value)
            } else {
                names[index].values[names[index].nextPlace] = value
                names[index].nextPlace = (names[index].nextPlace + 1) % Self.valuesPerName
            }
        }
    }

    private mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        guard names.count < Self.nameLimit else { return nil }
        names.append(Name(raw: Array(UnsafeBufferPointer(rebasing: bytes[start..<end])), string: Self.string(bytes, start, end)))
        return names.count - 1
    }

    private static func equal(_ raw: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        guard raw.count == end - start else { return false }
        guard !raw.isEmpty, let base = bytes.baseAddress else { return true }
        return raw.withUnsafeBytes { memcmp($0.baseAddress!, base + start, raw.count) == 0 }
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
