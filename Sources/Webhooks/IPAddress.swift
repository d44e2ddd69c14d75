import Foundation

/// An IPv4 or IPv6 address as a number, read from every text form a resolver or URL parser might accept.
///
/// IPv4 is read as `inet_aton` reads it, because that is what `getaddrinfo` does with a host name that looks numeric:
/// one to four parts, each decimal, octal (leading `0`) or hexadecimal (`0x`), the last part filling the bytes left —
/// so `127.1`, `0177.0.0.1`, `2130706433`, `0x7f000001` and `0` are all addresses, not names.
public enum IPAddress: Hashable, Sendable {
    case v4(UInt32)
    case v6(UInt128)

    /// IPv4 in any `inet_aton` form, or IPv6 (brackets and a `%zone` allowed); nil for anything else (a name).
    public init?(_ text: String) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if text.contains(":") {
            guard let value = Self.parseIPv6(text) else { return nil }
            self = .v6(value)
        } else {
            guard let value = Self.parseLenientIPv4(text) else { return nil }
            self = .v4(value)
        }
    }

    /// `inet_aton`'s grammar; one trailing dot is allowed, as URL parsers allow it.
    public static func parseLenientIPv4(_ text: Substring) -> UInt32? {
        var text = text
        if text.hasSuffix("."), text.count > 1 { text = text.dropLast() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseNumber(part) else { return nil }
            numbers.append(number)
        }
        // Every part but the last is one byte; the last fills the bytes that remain.
        var value: UInt64 = 0
        for number in numbers.dropLast() {
            guard number <= 0xFF else { return nil }
            value = value << 8 | number
        }
        let remainingBits = 8 * (5 - numbers.count)
        guard let last = numbers.last, last < (1 << remainingBits) else { return nil }
        value = value << remainingBits | last
        return UInt32(exactly: value)
    }

    private static func parseNumber(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 34, part.allSatisfy({ $0.isHexDigit || $0 == "x" || $0 == "X" }) else { return nil }
        let lower = part.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            // `0x` alone is zero to inet_aton.
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if lower.count > 1, lower.hasPrefix("0") { return UInt64(lower.dropFirst(), radix: 8) }
        return UInt64(lower, radix: 10)
    }

    /// RFC 4291 text: eight groups of up to four hex digits, one `::`, an optional dotted IPv4 tail, an optional zone.
    public static func parseIPv6(_ text: Substring) -> UInt128? {
        var text = text
        if let percent = text.firstIndex(of: "%") { text = text[..<percent] }
        guard !text.isEmpty else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ half: String, allowIPv4Tail: Bool) -> [UInt16]? {
            guard !half.isEmpty else { return [] }
            var result: [UInt16] = []
            let pieces = half.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, allowIPv4Tail, piece.contains(".") {
                    guard let tail = parseDottedQuad(piece) else { return nil }
                    result += [UInt16(tail >> 16), UInt16(tail & 0xFFFF)]
                } else {
                    guard (1...4).contains(piece.count), let group = UInt16(piece, radix: 16) else { return nil }
                    result.append(group)
                }
            }
            return result
        }
        guard let head = groups(halves[0], allowIPv4Tail: halves.count == 1) else { return nil }
        let tail = halves.count == 2 ? groups(halves[1], allowIPv4Tail: true) : []
        guard let tail else { return nil }
        let all: [UInt16]
        if halves.count == 2 {
            guard head.count + tail.count <= 7 else { return nil }
            all = head + Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        } else {
            guard head.count == 8 else { return nil }
            all = head
        }
        return all.reduce(UInt128(0)) { $0 << 16 | UInt128($1) }
    }

    /// Four decimal bytes, as in the tail of `::ffff:127.0.0.1`.
    private static func parseDottedQuad(_ text: Substring) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCII), let byte = UInt8(part) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }

    /// The address of a socket address `getaddrinfo` returned.
    public init?(socketAddress: UnsafePointer<sockaddr>) {
        switch Int32(socketAddress.pointee.sa_family) {
        case AF_INET:
            let address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            self = .v4(UInt32(bigEndian: address))
        case AF_INET6:
            let bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            self = .v6(bytes.reduce(UInt128(0)) { $0 << 8 | UInt128($1) })
        default:
            return nil
        }
    }
}

extension IPAddress: CustomStringConvertible {
    /// The standard text: dotted decimal, or RFC 5952 IPv6 (lowercase, the longest run of zero groups as `::`).
    public var description: String {
        switch self {
        case .v4(let value):
            return [24, 16, 8, 0].map { String(value >> UInt32($0) & 0xFF) }.joined(separator: ".")
        case .v6(let value):
            let groups = (0..<8).map { UInt16(truncatingIfNeeded: value >> (16 * (7 - $0))) }
            var best: (start: Int, length: Int) = (0, 0)
            var index = 0
            while index < 8 {
                var end = index
                while end < 8, groups[end] == 0 { end += 1 }
                if end - index > best.length { best = (index, end - index) }
                index = max(end, index + 1)
            }
            let text = groups.map { String($0, radix: 16) }
            guard best.length > 1 else { return text.joined(separator: ":") }
            return text[..<best.start].joined(separator: ":") + "::" + text[(best.start + best.length)...].joined(separator: ":")
        }
    }
}
