import Foundation

/// The identity of a sample regardless of how it arrived: what was measured, by which source, when, and the
/// value. Two imports of one export, or an export and the gateway sending the same sample, produce the same
/// key, so the database's unique index turns the second arrival into "already present".
///
/// FNV-1a with 128 bits, stored as two integers: `value` (the halves folded together) is what the database
/// indexes — an integer index is a third the size of a text one, which keeps millions of random-order
/// inserts in SQLite's page cache — and `check` (the high half) tells apart two items whose `value`s collide,
/// which among one person's ten million samples happens with a chance of about three in a million. Together
/// they are the whole 128-bit hash.
public struct NaturalKey: Sendable, Hashable {
    private var high: UInt64 = 0x6C62_272E_07BB_0142
    private var low: UInt64 = 0x62B8_2175_6295_C58D

    public init() {}

    /// The key of a health sample. The value is compared to a millionth of the canonical unit, so a value
    /// converted from another unit along a different path still matches.
    public static func sample(metric: String, sourceName: String?, start: Date, end: Date, value: Double, detail: String? = nil) -> NaturalKey {
        var key = NaturalKey()
        key.add(metric)
        key.add(sourceName ?? "")
        key.add(fixedPoint: start.timeIntervalSince1970, scale: 1000)
        key.add(fixedPoint: end.timeIntervalSince1970, scale: 1000)
        key.add(fixedPoint: value, scale: 1_000_000)
        if let detail { key.add(detail) }
        return key
    }

    /// `number × scale`, rounded, as an integer; a number too large for one (1e300 steps in a damaged file) adds its
    /// bits instead, so any number has a key and no number stops an import.
    public mutating func add(fixedPoint number: Double, scale: Double) {
        add(Int64(exactly: (number * scale).rounded()) ?? Int64(bitPattern: number.bitPattern))
    }

    /// The indexed half of the stored form.
    public var value: Int64 {
        Int64(bitPattern: high ^ low)
    }

    /// The other half: with `value` it determines all 128 bits.
    public var check: Int64 {
        Int64(bitPattern: high)
    }

    public mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte: byte) }
        add(byte: 0)
    }

    public mutating func add(_ number: Int64) {
        var bits = UInt64(bitPattern: number)
        for _ in 0..<8 {
            add(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    private mutating func add(byte: UInt8) {
        low ^= UInt64(byte)
        // Multiply by the 128-bit FNV prime 2^88 + 0x13B, modulo 2^128.
        let product = low.multipliedFullWidth(by: 0x13B)
        let newHigh = high &* 0x13B &+ product.high &+ (low << 24)
        low = product.low
        high = newHigh
    }

    /// 32 lowercase hex digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: 0, count: 32)
        for index in 0..<16 {
            let nibble = (high >> UInt64(60 - index * 4)) & 0xF
            bytes[index] = digits[Int(nibble)]
            bytes[16 + index] = digits[Int((low >> UInt64(60 - index * 4)) & 0xF)]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
