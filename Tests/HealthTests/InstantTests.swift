import Foundation
import Health
import Testing

/// The one parser every instant a client sends goes through: what it reads, what it refuses, and that what it
/// reads comes back out unchanged.
@Suite struct InstantTests {
    private func milliseconds(_ text: String, forms: DateTextForms = .standard) throws -> Int64 {
        try Instant.parse(text, forms: forms).millisecondsSince1970
    }

    private func problem(_ text: String, forms: DateTextForms = .standard) -> DateTextProblem? {
        do {
            _ = try Instant.parse(text, forms: forms)
            return nil
        } catch {
            guard case .unreadable(let problem) = error.reason else { return nil }
            return problem
        }
    }

    @Test(arguments: [
        ("2026-05-01T07:30:00Z", 1_777_620_600_000),
        ("2026-05-01t07:30:00z", 1_777_620_600_000),
        ("2026-05-01 07:30:00Z", 1_777_620_600_000),
        ("2026-05-01T16:30:00+09:00", 1_777_620_600_000),
        ("2026-05-01T16:30:00+0900", 1_777_620_600_000),
        ("2026-05-01T02:00:00-05:30", 1_777_620_600_000),
        ("2026-05-01T07:30:00-00:00", 1_777_620_600_000),
        ("2026-05-01T07:30:00.5Z", 1_777_620_600_500),
        ("2026-05-01T07:30:00.999Z", 1_777_620_600_999),
        ("1970-01-01T00:00:00Z", 0),
        ("1969-12-31T23:59:59.999Z", -1),
        ("1900-01-01T00:00:00Z", -2_208_988_800_000),
        ("0000-01-01T00:00:00Z", -62_167_219_200_000),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
    ] as [(String, Int64)])
    func readsRFC3339WithAnyOffset(text: String, expected: Int64) throws {
        #expect(try milliseconds(text) == expected)
    }

    /// Found by `make fuzz`: the offset must not carry the UTC date past a four-digit year.
    @Test(arguments: ["9999-12-31 23:59:59 -1400", "9999-12-31T23:00:00-01:00", "0000-01-01T00:30:00+01:00"])
    func refusesAnOffsetThatLeavesTheFourDigitYears(text: String) {
        #expect(throws: DateInputError.self) { try Instant.parse(text, forms: text.contains("T") ? .standard : .exportFiles) }
    }

    @Test func keepsTheLastFourDigitInstant() throws {
        #expect(try Instant.parse("9999-12-31T23:59:59.999Z").iso8601 == "9999-12-31T23:59:59.999Z")
    }

    @Test func keepsTheOffsetItWasWrittenIn() throws {
        #expect(try Instant.parse("2026-05-01T16:30:00+09:00").utcOffsetSeconds == 32_400)
        #expect(try Instant.parse("2026-05-01T02:00:00-05:30").utcOffsetSeconds == -19_800)
        #expect(try Instant.parse("2026-05-01T07:30:00Z").utcOffsetSeconds == 0)
    }

    @Test(arguments: 1...9)
    func fractionsOfOneToNineDigitsRoundToTheMillisecond(digits: Int) throws {
        let fraction = String("123456789".prefix(digits))
        let expected: Int64 = [100, 120, 123, 123, 123, 123, 123, 123, 123][digits - 1]
        #expect(try milliseconds("2026-05-01T07:30:00.\(fraction)Z") == 1_777_620_600_000 + expected)
        // Half a millisecond or more rounds up, into the next second when it has to.
        #expect(try milliseconds("2026-05-01T07:30:00.9995Z") == 1_777_620_601_000)
        #expect(try milliseconds("2026-05-01T07:30:00.0004999Z") == 1_777_620_600_000)
    }

    @Test func aTenthFractionDigitIsRefused() {
        #expect(problem("2026-05-01T07:30:00.1234567891Z") == .malformed)
        #expect(problem("2026-05-01T07:30:00.Z") == .malformed)
    }

    @Test(arguments: ["000", "001", "010", "123", "500", "998", "999"])
    func millisecondsSurviveTheRoundTrip(fraction: String) throws {
        let text = "2026-01-01T00:00:00.\(fraction)Z"
        let instant = try Instant.parse(text)
        #expect(instant.iso8601 == text)
        #expect(Instant(instant.date).iso8601 == text, "through Date and back")
        #expect(Instant.iso8601(instant.date) == text)
    }

    @Test func writesUTCOrTheWrittenOffset() throws {
        let instant = try Instant.parse("2026-05-01T16:30:00.250+09:00")
        #expect(instant.iso8601 == "2026-05-01T07:30:00.250Z")
        #expect(instant.iso8601WithOffset == "2026-05-01T16:30:00.250+09:00")
        #expect(try Instant.parse("2026-05-01T02:00:00-05:30").iso8601WithOffset == "2026-05-01T02:00:00.000-05:30")
    }

    @Test(arguments: [
        ("2026-02-29T00:00:00Z", DateTextProblem.day(29, month: 2, year: 2026)),
        ("2026-02-30T00:00:00Z", .day(30, month: 2, year: 2026)),
        ("2026-04-31T00:00:00Z", .day(31, month: 4, year: 2026)),
        ("2026-06-31T00:00:00Z", .day(31, month: 6, year: 2026)),
        ("2026-09-31T00:00:00Z", .day(31, month: 9, year: 2026)),
        ("2026-11-31T00:00:00Z", .day(31, month: 11, year: 2026)),
        ("2026-01-32T00:00:00Z", .day(32, month: 1, year: 2026)),
        ("2026-01-00T00:00:00Z", .day(0, month: 1, year: 2026)),
        ("2026-13-01T00:00:00Z", .month(13)),
        ("2026-00-01T00:00:00Z", .month(0)),
        ("2026-05-01T24:00:00Z", .hour(24)),
        ("2026-05-01T07:60:00Z", .minute(60)),
        ("2026-05-01T07:30:60Z", .second(60)),
        ("2026-05-01T07:30:00+24:00", .offset),
        ("2026-05-01T07:30:00+09:60", .offset),
        ("2100-02-29T00:00:00Z", .day(29, month: 2, year: 2100)),
        ("1900-02-29T00:00:00Z", .day(29, month: 2, year: 1900)),
    ])
    func neverRollsOver(text: String, expected: DateTextProblem) {
        #expect(problem(text) == expected)
    }

    @Test(arguments: ["2024-02-29T12:00:00Z", "2000-02-29T12:00:00Z", "2028-02-29T12:00:00Z", "1600-02-29T12:00:00Z"])
    func leapDaysOfLeapYearsAreRead(text: String) throws {
        let instant = try Instant.parse(text)
        #expect(instant.iso8601 == text.replacingOccurrences(of: ":00Z", with: ":00.000Z"))
    }

    @Test(arguments: [
        "", "now", "2026", "2026-05-01", "2026-05-01T07:30", "2026-05-01T07:30:00", "10000-01-01T00:00:00Z",
        "275760-09-13T00:00:00Z", "+2026-05-01T07:30:00Z", "-0001-01-01T00:00:00Z", "2026-5-1T07:30:00Z",
        "2026-05-01T7:30:00Z", "2026/05/01T07:30:00Z", "2026-05-01X07:30:00Z", "2026-05-01T07:30:00ZZ",
        "2026-05-01T07:30:00+09", "2026-05-01T07:30:00+9:00", "2026-05-01T07:30:00 +09:00", " 2026-05-01T07:30:00Z",
        "2026-05-01T07:30:00Z ", "２０２６-05-01T07:30:00Z", "2026-05-01T07:30:00,5Z", "20260501T073000Z",
        "20151107171924+0100", "2026-05-01T07:30:00\u{0}Z", String(repeating: "9", count: 100_000),
    ])
    func garbageIsRefusedNotGuessed(text: String) {
        #expect(problem(text) != nil)
    }

    @Test func anInstantNeedsAnOffset() {
        #expect(problem("2026-05-01T07:30:00") == .missingOffset)
        #expect(problem("2026-05-01 07:30:00.250") == .missingOffset)
    }

    @Test func exportFilesAddAppleAndHealthAutoExportSpellings() throws {
        #expect(try milliseconds("2024-03-01 07:42:10 +0900", forms: .exportFiles) == 1_709_246_530_000)
        #expect(try milliseconds("2024-01-01 07:00:00 +0900", forms: .exportFiles) == 1_704_060_000_000)
        #expect(try milliseconds("2024-03-01 07:42:10 -0530", forms: .exportFiles) == 1_709_298_730_000)
        #expect(try milliseconds("20151107171924+0100", forms: .exportFiles) == 1_446_913_164_000)
        #expect(try milliseconds("2024-03-01T07:42:10+09:00", forms: .exportFiles) == 1_709_246_530_000)
        #expect(problem("2024-03-01 07:42:10 +0900") == .malformed, "the API keeps to RFC 3339")
        #expect(problem("2024-02-30 07:42:10 +0900", forms: .exportFiles) == .day(30, month: 2, year: 2024))
        #expect(problem("20150230171924+0100", forms: .exportFiles) == .day(30, month: 2, year: 2015))
        #expect(problem("2024-03-01T07:42:10 +0900", forms: .exportFiles) == .malformed, "a space only after a space-separated time")
    }

    @Test func refusalsNameTheFieldAndTheValueInBothLanguages() {
        do {
            _ = try Instant.parse("2026-02-30T00:00:00Z")
            Issue.record("2026-02-30 was accepted")
        } catch {
            let named = error.named("performedAt")
            #expect(named.code == "invalid_date")
            #expect(named.httpStatus == 400)
            #expect(named.message.en == "performedAt: “2026-02-30T00:00:00Z” is not a valid date and time (February 2026 has 28 days, not 30).")
            #expect(named.message.ja == "performedAt: 「2026-02-30T00:00:00Z」は日時として正しくありません（2026年2月は28日までで、30日はありません）")
        }
    }

    @Test func aLongValueIsShortenedInTheMessage() {
        do {
            _ = try Instant.parse(String(repeating: "x", count: 5000))
        } catch {
            #expect(error.text.count == 41)
            #expect(error.message.en.count < 200)
        }
    }
}

@Suite struct WallClockTimeTests {
    private let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    @Test func readsFormAndCSVTimesInTheGivenZone() throws {
        let expected = Date(timeIntervalSince1970: 1_779_661_800) // 2026-05-25T07:30:00+09:00
        #expect(try WallClockTime.parse("2026-05-25T07:30").date(in: tokyo) == expected)
        #expect(try WallClockTime.parse("2026-05-25 07:30:00").date(in: tokyo) == expected)
        #expect(try WallClockTime.parse("2026-05-25T07:30:00.000").date(in: tokyo) == expected)
    }

    @Test func refusesImpossibleDatesAndOffsets() {
        #expect(throws: DateInputError.self) { try WallClockTime.parse("2026-02-30T07:30") }
        #expect(throws: DateInputError.self) { try WallClockTime.parse("2026-05-25T24:00") }
        #expect(throws: DateInputError.self) { try WallClockTime.parse("2026-05-25T07:30+09:00") }
        #expect(throws: DateInputError.self) { try WallClockTime.parse("2026-05-25") }
    }

    @Test func daylightSavingGapsAndRepeatsResolveToOneInstant() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        // 02:30 on 2026-03-08 does not exist in New York; it reads as 03:30 EDT (= 07:30Z).
        #expect(try WallClockTime.parse("2026-03-08T02:30").date(in: newYork) == Date(timeIntervalSince1970: 1_772_955_000))
        let noon = try WallClockTime.parse("2026-07-01T12:00").date(in: newYork)
        #expect(WallClockTime(noon, in: newYork).fields.hour == 12)
    }

    @Test func writesBackTheSameWallClock() throws {
        let date = try WallClockTime.parse("2026-05-25 07:30:15").date(in: tokyo)
        #expect(WallClockTime(date, in: tokyo).fields.text(separator: UInt8(ascii: " "), milliseconds: false) == "2026-05-25 07:30:15")
    }
}

@Suite struct InstantWindowTests {
    private let now = Date(timeIntervalSince1970: 1_779_661_800)

    @Test func healthDataRunsFrom1900ToADayAhead() throws {
        let window = InstantWindow.healthData(now: now)
        #expect(window.contains(try Instant.parse("1900-01-01T00:00:00Z").date))
        #expect(!window.contains(try Instant.parse("1899-12-31T23:59:59.999Z").date))
        #expect(window.contains(now.addingTimeInterval(86_400)))
        #expect(!window.contains(now.addingTimeInterval(2 * 86_400)))
        #expect(!window.contains(try Instant.parse("0000-01-01T00:00:00Z").date))
    }

    @Test func operatorReadingsStayWithinADayOfNow() {
        let window = InstantWindow.operatorReading(now: now)
        #expect(window.contains(now.addingTimeInterval(-86_400)))
        #expect(window.contains(now.addingTimeInterval(86_400)))
        #expect(!window.contains(now.addingTimeInterval(-86_401)))
        #expect(!window.contains(now.addingTimeInterval(86_401)))
    }

    @Test func anOutOfRangeRefusalSaysWhatTheFieldAccepts() throws {
        let old = try Instant.parse("1899-12-31T00:00:00Z").date
        #expect(throws: DateInputError.self) { try InstantWindow.healthData(now: now).check(old, field: "start") }
        let refusal = InstantWindow.healthData(now: now).refusal(old, field: "start")
        #expect(refusal.code == "date_out_of_range")
        #expect(refusal.message.en == "start: “1899-12-31T00:00:00.000Z” is out of range (it must be between 1900-01-01 and one day after now).")
        #expect(refusal.message.ja.contains("1900-01-01 から現在の1日後まで"))
    }
}
