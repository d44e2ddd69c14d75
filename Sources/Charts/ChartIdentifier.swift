import Foundation

/// Element ids for `aria-labelledby`. Several charts share one page, so ids must differ between
/// charts, yet a chart must render to identical bytes every time; an FNV-1a hash of the chart's
/// content gives both without a random seed (Swift's `Hasher` is seeded per process). Callers pass
/// the points in date order, so the same data in any input order gets the same id.
enum ChartIdentifier {
    static func make(kind: String, title: String, points: [ChartPoint]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        func mix(_ word: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        for byte in kind.utf8 { mix(byte) }
        mix(UInt8(0))
        for byte in title.utf8 { mix(byte) }
        for point in points {
            mix(point.date.timeIntervalSince1970.bitPattern)
            mix(point.value.bitPattern)
        }
        let hex = String(hash, radix: 16)
        return "kc-\(kind)-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
