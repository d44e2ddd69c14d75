import Foundation

/// An instant as the export wrote it: local wall time plus its UTC offset, which is kept so a day can be
/// shown as the person lived it.
public struct ExportDate: Sendable, Equatable {
    public var date: Date
    public var utcOffsetSeconds: Int

    public init(date: Date, utcOffsetSeconds: Int) {
        self.date = date
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Parses `2024-03-01 07:42:10 +0900` and the 2015 shape `20151107171924+0100`. A hand-written parser:
    /// it runs for every date of millions of records, where a DateFormatter would dominate the import.
    public init?(_ text: String) {
        var digits: [Int] = []
        digits.reserveCapacity(18)
        var sign = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits.append(Int(byte - UInt8(ascii: "0")))
            case UInt8(ascii: "+"): sign = 1
            case UInt8(ascii: "-") where digits.count >= 14: sign = -1
            case UInt8(ascii: "-"), UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: "T"): break
            case UInt8(ascii: "Z"): sign = 1; digits.append(contentsOf: [0, 0, 0, 0])
            default: return nil
            }
        }
        guard digits.count == 18, sign != 0 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int {
            digits[start..<(start + count)].reduce(0) { $0 * 10 + $1 }
        }
        let year = number(0, 4), month = number(4, 2), day = number(6, 2)
        let hour = number(8, 2), minute = number(10, 2), second = number(12, 2)
        let offset = sign * (number(14, 2) * 3600 + number(16, 2) * 60)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        let local = Self.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        self.date = Date(timeIntervalSince1970: TimeInterval(local - offset))
        self.utcOffsetSeconds = offset
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
