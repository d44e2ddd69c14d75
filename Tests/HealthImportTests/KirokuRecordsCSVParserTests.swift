import Foundation
import Health
import HealthImport
import Testing

/// Kiroku's own records export read back: the instants it meant (exactly, from the UTC columns; on the wall clock of
/// `time_zone` for exports before them, DST included), every field as written, every bad row named by its line.
@Suite("Kiroku records export read back")
struct KirokuRecordsCSVParserTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600) // 2026-01-01
    static let legacyHeader = KirokuRecordsCSV.firstColumns.joined(separator: ",")
    static let header = KirokuRecordsCSV.header.joined(separator: ",")
    /// The header of exports before the source's version and creation time were added (still read).
    static let headerBeforeProvenance = (KirokuRecordsCSV.firstColumns + KirokuRecordsCSV.exactColumns).joined(separator: ",")

    static func date(_ text: String) throws -> Date {
        try Instant.parse(text).date
    }

    @Test("An export before the UTC columns is read on its time zone's clock; in the hour clocks go back, the record's offset picks the instant")
    func legacyWallClockTimesAcrossTheFallBack() throws {
        let text = """
            \(Self.legacyHeader)\r
            1,bodyMass,70,kg,70,kg,2024-11-03 01:30:00,2024-11-03 01:30:00,-14400,manual,,,,2024-11-03 01:30:00,2024-11-03 01:30:00,America/New_York\r
            2,bodyMass,71,kg,71,kg,2024-11-03 01:30:00,2024-11-03 01:30:00,-18000,manual,,,,2024-11-03 01:40:00,2024-11-03 01:40:00,America/New_York\r
            3,sleepAnalysis,120,min,7200,s,2024-11-03 00:30:00,2024-11-03 01:30:00,,import,Watch,,,2024-11-04 08:00:00,2024-11-04 08:00:00,America/New_York\r
            4,stepCount,10,count,10,count,2024-03-10 02:30:00,2024-03-10 03:30:00,-18000,gateway,Phone,,,2024-03-11 08:00:00,2024-03-11 08:00:00,America/New_York\r

            """
        let records = try KirokuRecordsCSVParser.parse(text, now: Self.now)
        #expect(records.count == 4)
        #expect(records[0].startAt == (try Self.date("2024-11-03T05:30:00Z")), "01:30 at -4h is the first 01:30")
        #expect(records[1].startAt == (try Self.date("2024-11-03T06:30:00Z")), "01:30 at -5h is the second 01:30")
        #expect(records[1].utcOffsetSeconds == -18_000)
        // No offset: the earlier instant; the end is the first 01:30 at or after the start.
        #expect(records[2].startAt == (try Self.date("2024-11-03T04:30:00Z")))
        #expect(records[2].endAt == (try Self.date("2024-11-03T05:30:00Z")))
        #expect(records[2].utcOffsetSeconds == nil)
        // 02:30 never showed on a New York clock that night: the jump moves it to 03:30 EDT.
        #expect(records[3].startAt == (try Self.date("2024-03-10T07:30:00Z")))
        #expect(records[3].source == .gateway)
    }

    @Test("The UTC columns give the exact instant, milliseconds included; every other field reads back as written")
    func currentExportIsExact() throws {
        let row = [
            "9", "bodyMass", "69.853224", "kg", "154", "lb", "2024-11-03 01:30:00", "2024-11-03 01:30:00", "-18000", "manual",
            "\"体重計, 浴室\"", "'=Scale", "\"{\"\"memo\"\":\"\"朝\\nごはん前\"\"}\"", "2024-11-03 01:31:00", "2024-11-03 01:32:00",
            "America/New_York", "2024-11-03T06:30:00.250Z", "2024-11-03T06:30:00.250Z", "2024-11-03T06:31:00.999Z",
            "2024-11-03T06:32:00.001Z", "client-1",
        ]
        let records = try KirokuRecordsCSVParser.parse(Self.headerBeforeProvenance + "\r\n" + row.joined(separator: ",") + "\r\n", now: Self.now)
        let record = try #require(records.first)
        #expect(record.metric == "bodyMass" && record.value == 69.853_224 && record.originalValue == 154 && record.originalUnit == "lb")
        #expect(Instant(record.startAt).iso8601 == "2024-11-03T06:30:00.250Z")
        #expect(Instant(record.createdAt).iso8601 == "2024-11-03T06:31:00.999Z")
        #expect(Instant(record.updatedAt).iso8601 == "2024-11-03T06:32:00.001Z")
        #expect(record.sourceName == "体重計, 浴室")
        #expect(record.device == "=Scale", "the apostrophe the export put before a formula character comes off")
        #expect(record.metadata == ["memo": "朝\nごはん前"])
        #expect(record.clientId == "client-1")
        #expect(record.source == .manual)
        #expect(record.sourceVersion == nil && record.sourceCreatedAt == nil, "an export before those columns has neither")
    }

    @Test("The source's version and creation time, the last two columns, read back; empty ones are absent, a bad time is named")
    func sourceProvenanceReadsBack() throws {
        func row(_ version: String, _ created: String) -> String {
            "1,heartRate,61,count/min,61,count/min,2024-01-15 08:00:00,2024-01-15 08:00:00,32400,import,Apple Watch,,,"
                + "2024-01-16 09:00:00,2024-01-16 09:00:00,Asia/Tokyo,2024-01-14T23:00:00.000Z,2024-01-14T23:00:00.000Z,"
                + "2024-01-16T00:00:00.000Z,2024-01-16T00:00:00.000Z,,\(version),\(created)"
        }
        let records = try KirokuRecordsCSVParser.parse(
            Self.header + "\r\n" + row("17.2", "2024-01-14T23:00:05.250Z") + "\r\n" + row("", "") + "\r\n", now: Self.now
        )
        #expect(records.count == 2)
        #expect(records[0].sourceVersion == "17.2")
        #expect(records[0].sourceCreatedAt.map { Instant($0).iso8601 } == "2024-01-14T23:00:05.250Z")
        #expect(records[1].sourceVersion == nil && records[1].sourceCreatedAt == nil)
        #expect {
            try KirokuRecordsCSVParser.parse(Self.header + "\r\n" + row("17.2", "yesterday") + "\r\n", now: Self.now)
        } throws: { error in
            let message = (error as? CSVImportError)?.message
            return message?.en.contains("line 2: source_created_at_utc") == true && message?.ja.contains("2 行目") == true
        }
    }

    @Test("The export's guard against spreadsheet formulas reads back to the text that was written")
    func formulaGuardIsUndone() throws {
        func device(_ written: String) throws -> String? {
            let row = "1,stepCount,5,count,5,count,2024-03-01 07:00:00,2024-03-01 07:00:00,,manual,,\(written),,2024-03-01 07:00:00,2024-03-01 07:00:00,UTC\n"
            return try KirokuRecordsCSVParser.parse(Self.legacyHeader + "\n" + row, now: Self.now).first?.device
        }
        #expect(try device("'=SUM(A1)") == "=SUM(A1)")
        #expect(try device("''=x") == "'=x")
        #expect(try device("'90s") == "'90s")
        #expect(try device("-3.5") == "-3.5")
    }

    @Test("Identical rows are different records: each gets its own key, the same each time the file is read")
    func identicalRowsGetNumberedKeys() throws {
        let row = "1,dietaryWater,250,mL,250,mL,2024-03-01 07:00:00,2024-03-01 07:00:00,,manual,,,,2024-03-01 07:00:00,2024-03-01 07:00:00,UTC\n"
        let text = Self.legacyHeader + "\n" + row + row + row
        let first = try KirokuRecordsCSVParser.parse(text, now: Self.now).map(\.naturalKey)
        #expect(Set(first).count == 3)
        #expect(try KirokuRecordsCSVParser.parse(text, now: Self.now).map(\.naturalKey) == first)
    }

    @Test("Every bad row is named by its line in Japanese and English, a quoted line break counted; nothing is returned")
    func badRowsAreNamedByLine() throws {
        func row(metric: String = "bodyMass", value: String = "70", start: String = "2024-03-01 07:00:00", source: String = "manual",
                 metadata: String = "", startUTC: String = "2024-02-29T22:00:00.000Z") -> String {
            "1,\(metric),\(value),kg,\(value),kg,\(start),\(start),32400,\(source),\"Scale\nroom\",,\(metadata),"
                + "2024-03-01 07:00:00,2024-03-01 07:00:00,Asia/Tokyo,\(startUTC),\(startUTC),2024-02-29T22:00:00.000Z,2024-02-29T22:00:00.000Z,"
        }
        let text = [
            Self.headerBeforeProvenance,                  // line 1
            row(),                                        // lines 2–3 (a line break in the source name)
            row(metric: "flux"),                          // 4–5
            row(value: "abc"),                            // 6–7
            row(start: "2024-02-30 07:00:00", startUTC: ""), // 8–9
            row(source: "fax"),                           // 10–11
            row(metadata: "not json"),                    // 12–13
            row(startUTC: "2024-02-29T23:00:00.000Z"),    // 14–15: an hour off the wall clock
            "1,bodyMass,70",                              // 16
            row(value: "-70"),                            // 17–18
        ].joined(separator: "\n") + "\n"
        #expect {
            try KirokuRecordsCSVParser.parse(text, now: Self.now)
        } throws: { error in
            guard let error = error as? CSVImportError else { return false }
            let lines = error.problems.map(\.line)
            return lines == [4, 6, 8, 10, 12, 14, 16, 17]
                && error.message.en.contains("line 8: start:") && error.message.ja.contains("8 行目")
                && error.message.en.contains("line 14: start “2024-03-01 07:00:00” and start_utc")
                && error.message.ja.contains("16 行目: 列の数が 3 です")
                && error.code == "import_csv_invalid"
        }
    }

    @Test("A header that lacks a column the export always writes, or names one it never writes, is refused")
    func wrongHeaderIsRefused() {
        #expect(throws: CSVImportError.self) { try KirokuRecordsCSVParser.parse("id,metric,value\n", now: Self.now) }
        #expect(throws: CSVImportError.self) { try KirokuRecordsCSVParser.parse(Self.header + ",colour\n", now: Self.now) }
        #expect(throws: CSVImportError.self) { try KirokuRecordsCSVParser.parse(Self.header + "\n1,\"open\n", now: Self.now) }
    }

    @Test("A CSV import file is told by its header: the simple shape still gives samples, the export gives records")
    func fileShapeIsToldByItsHeader() throws {
        guard case .samples = try CSVImportFile.parse("date,metric,value,unit\n2024-03-01T07:30:00+09:00,weight,70,kg\n", now: Self.now) else {
            Issue.record("the simple shape was not read as samples")
            return
        }
        let export = "\u{FEFF}" + Self.legacyHeader + "\n1,stepCount,5,count,5,count,2024-03-01 07:00:00,2024-03-01 07:00:00,,manual,,,,,,UTC\n"
        guard case let .restoredRecords(records) = try CSVImportFile.parse(export, now: Self.now) else {
            Issue.record("the export was not read as records")
            return
        }
        #expect(records.first?.createdAt == Self.now, "no created_at: the import's time")
        #expect(KirokuRecordsCSV.isCSVImport(head: "id,metric,value"))
        #expect(KirokuRecordsCSV.isCSVImport(head: "Date,metric"))
        #expect(!KirokuRecordsCSV.isCSVImport(head: "<?xml version"))
    }
}
