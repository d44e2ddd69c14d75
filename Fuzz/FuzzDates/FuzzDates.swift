import Foundation
import FuzzSupport
import Health
import HealthImport
@testable import Workouts

/// The date entry points: every text a client or a file sends goes through one of these before it is stored.
///
/// Invariants beyond "no crash": an accepted date is the date that was written — shown at its own UTC offset (or in
/// the zone it was read in) it has the year, month, day, hour, minute and second of the text, so 2026-02-30 is
/// refused rather than stored as 2026-03-02; and the calendar day it falls on is written in a form that reads back
/// (a year below 1 or above 9999 is written "00-1-12-31", which no reader accepts: the crash of issue 19).
///
/// To fuzz another parser, add it to `instantParsers` or `wallClockParsers`: nothing else changes.
let instantParsers: [(name: String, parse: @Sendable (String) -> (date: Date, utcOffsetSeconds: Int)?)] = [
    ("Instant.standard", { (try? Instant.parse($0, forms: .standard)).map { ($0.date, $0.utcOffsetSeconds) } }),
    ("Instant.exportFiles", { (try? Instant.parse($0, forms: .exportFiles)).map { ($0.date, $0.utcOffsetSeconds) } }),
]
let wallClockParsers: [(name: String, parse: @Sendable (String, TimeZone) -> Date?)] = [
    ("LocalDateTime", { LocalDateTime.parse($0, in: $1) }),
]
let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard size <= 64, let text = FuzzInput(data, size).text else { return 0 }
    for parser in instantParsers {
        guard let parsed = parser.parse(text) else { continue }
        let shown = CalendarFields(parsed.date, offset: parsed.utcOffsetSeconds)
        if let written = CalendarFields(written: text) {
            invariant(shown == written, "\(parser.name) read “\(text)” as \(shown)")
        }
        let day = LocalDay(parsed.date, in: .gmt)
        invariant(LocalDay(day.description) == day, "\(parser.name) read “\(text)” as a day written “\(day.description)”, which does not read back")
    }
    for parser in wallClockParsers {
        guard let date = parser.parse(text, tokyo), let written = CalendarFields(written: text) else { continue }
        let shown = CalendarFields(date, offset: tokyo.secondsFromGMT(for: date))
        invariant(shown.withoutSeconds == written.withoutSeconds, "\(parser.name) read “\(text)” as \(shown)")
    }
    if let day = LocalDay(text) {
        invariant(day.description == text, "LocalDay read “\(text)” as \(day)")
    }
    return 0
}

/// Year, month, day, hour, minute, second: as a text writes them, or as an instant shows at an offset.
struct CalendarFields: Equatable, CustomStringConvertible {
    var year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0

    init(_ date: Date, offset: Int) {
        let local = Int((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let day = LocalDay(Date(timeIntervalSince1970: Double(local)), in: .gmt)
        let seconds = ((local % 86_400) + 86_400) % 86_400
        (year, month, self.day) = (day.year, day.month, day.day)
        (hour, minute, second) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    /// The fields in the order the text writes them: `2026-11-20 12:30:05` (each number at its usual width, seconds
    /// optional), `20261120123005` (Apple's 2015 form) or Hevy's `20 Nov 2026, 12:30`; nil for any other shape.
    init?(written text: String) {
        let tokens = Self.tokens(text)
        let digits = tokens.filter { $0.allSatisfy(\.isNumber) }
        var numbers: [Int]
        if let compact = digits.first, compact.count >= 14 {
            let figures = compact.prefix(14).map { Int(String($0)) ?? 0 }
            func number(_ start: Int, _ count: Int) -> Int { figures[start..<(start + count)].reduce(0) { $0 * 10 + $1 } }
            numbers = [number(0, 4), number(4, 2), number(6, 2), number(8, 2), number(10, 2), number(12, 2)]
        } else if tokens.count >= 5, let month = LocalDateTime.month(named: tokens[1]) {
            numbers = [Int(tokens[2]) ?? -1, month, Int(tokens[0]) ?? -1] + tokens[3...].prefix(3).map { Int($0) ?? -1 }
        } else {
            let fields = Array(digits.prefix(6))
            guard zip(fields, [4, 2, 2, 2, 2, 2]).allSatisfy({ $0.count == $1 }) else { return nil }
            numbers = fields.map { Int($0) ?? -1 }
        }
        guard numbers.count >= 5 else { return nil }
        if numbers.count == 5 { numbers.append(0) }
        (year, month, day, hour, minute, second) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }

    /// Runs of ASCII digits and runs of ASCII letters, in order: "20T12" is 20, T, 12.
    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        for character in text {
            let kind = !character.isASCII ? 0 : character.isNumber ? 1 : character.isLetter ? 2 : 0
            let currentKind = current.first.map { $0.isNumber ? 1 : 2 } ?? 0
            if kind != currentKind, !current.isEmpty {
                tokens.append(current)
                current = ""
            }
            if kind != 0 { current.append(character) }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }

    var withoutSeconds: CalendarFields {
        var copy = self
        copy.second = 0
        return copy
    }

    var description: String { "\(year)-\(month)-\(day) \(hour):\(minute):\(second)" }
}

@main enum Main {
    static func main() {
        FuzzDriver.run(fuzzDates)
    }
}
