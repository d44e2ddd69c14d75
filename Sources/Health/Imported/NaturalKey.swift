import Foundation

/// The identity of a sample regardless of how it arrived: what was measured, by which source, when, and the
/// value. Two imports of one export, or an export and the gateway sending the same sample, produce the same
/// key, so the database's unique index turns the second arrival into "already present".
///
/// FNV-1a with 128 bits, stored as two integers: `value` is what the database indexes — an integer index is a
/// third the size of a text one — and `check` (the high half) tells apart two items whose `value`s collide.
///
/// For other items `value` is the two halves folded together. For a **sample** it is the hour the sample
/// started (since 1970, UTC) in the upper 32 bits and the low 32 bits of that fold below: an export lists each
/// type's samples in time order, so a batch of 5,000 of them lands on a few neighbouring pages of the index
/// instead of on nearly every page of it (with a random `value` each import batch rewrote the whole index into
/// the WAL; see BENCHMARKS.md). Two different samples share a `value` only when they start in the same hour
/// and agree on 32 bits of the hash — a handful of times among ten years of minute-level data, each resolved
/// by `check` and the slots beside the home slot.
public struct NaturalKey: Sendable, Hashable {
    private var high: UInt64 = 0x6C62_272E_07BB_0142
    private var low: UInt64 = 0x62B8_2175_6295_C58D
    /// Set for samples: the hour their indexed value starts with.
    private var startHour: Int64?

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
        key.startHour = Self.startHour(of: start)
        return key
    }

    /// The key of the `copy`-th (2, 3, …) of samples alike in every part of their key: a reading typed in twice is two
    /// records, and each needs a key of its own to be recognised again (the first has the plain key).
    public static func sample(
        metric: String, sourceName: String?, start: Date, end: Date, value: Double, detail: String? = nil, copy: Int
    ) -> NaturalKey {
        sample(metric: metric, sourceName: sourceName, start: start, end: end, value: value, detail: (detail ?? "") + "\u{1}copy \(copy)")
    }

    /// Whole hours since 1970 (UTC) before `date`, from the millisecond the key itself reads, kept within 32 bits.
    public static func startHour(of date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        let hours = (milliseconds / 3_600_000).rounded(.down)
        return Int64(min(max(hours, -2_147_483_648), 2_147_483_647))
    }

    /// A sample's indexed value: its start hour, then the low 32 bits of `folded` (the folded hash, or a slot
    /// stored before keys were time-ordered, whose low bits are the same).
    public static func timeOrderedValue(folded: Int64, startHour: Int64) -> Int64 {
        startHour << 32 | (folded & 0xFFFF_FFFF)
    }

    /// `number × scale`, rounded, as an integer; a number too large for one (1e300 steps in a damaged file) adds its
    /// bits instead, so any number has a key and no number stops an import.
    public mutating func add(fixedPoint number: Double, scale: Double) {
        add(Int64(exactly: (number * scale).rounded()) ?? Int64(bitPattern: number.bitPattern))
    }

    /// The indexed half of the stored form.
    public var value: Int64 {
        guard let startHour else { return folded }
        return Self.timeOrderedValue(folded: folded, startHour: startHour)
    }

    /// The two halves folded together: every key's indexed value before samples were time-ordered.
    public var folded: Int64 {
        Int64(bitPattern: high ^ low)
    }

    /// The other half: with `folded` it determines all 128 bits.
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
