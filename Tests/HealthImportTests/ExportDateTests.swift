import Foundation
import Health
import HealthImport
import Testing

/// Export files go through the same date parser as the API: impossible dates and dates outside 1900…now + 1 day make
/// their item a `bad_date` skip instead of a sample moved to another day.
@Suite struct ExportDateTests {
    private let now = Date(timeIntervalSince1970: 1_709_300_000) // 2024-03-01

    private func record(start: String, end: String = "") -> ExportedRecord {
        var record = ExportedRecord()
        record.type = "HKQuantityTypeIdentifierStepCount"
        record.sourceName = "iPhone"
        record.unit = "count"
        record.value = "120"
        record.startDate = start
        record.endDate = end
        return record
    }

    @Test(arguments: [
        "2024-02-29 07:00:00 +0900", "20151107171924+0100", "2024-02-29T07:00:00+09:00", "1900-01-01 00:00:00 +0000",
    ])
    func appleHealthDatesThatExistAreRead(start: String) {
        var mapper = HealthKitMapper(now: now)
        guard case .sample = mapper.map(record(start: start)) else {
            Issue.record("\(start) was not read")
            return
        }
    }

    @Test(arguments: [
        "2023-02-29 07:00:00 +0900", "2024-04-31 07:00:00 +0900", "2024-03-01 24:00:00 +0900", "2024-03-01 07:60:00 +0900",
        "1899-12-31 23:59:59 +0000", "2024-03-03 12:00:00 +0900", "0000-01-01 00:00:00 +0000", "10000-01-01 00:00:00 +0000",
    ])
    func appleHealthDatesThatCannotBeAreKeptRawAsBadDates(start: String) {
        var mapper = HealthKitMapper(now: now)
        for mapped in [mapper.map(record(start: start)), mapper.map(record(start: "2024-02-29 07:00:00 +0900", end: start))] {
            guard case let .raw(raw) = mapped else {
                Issue.record("expected a raw item, got \(mapped)")
                continue
            }
            #expect(raw.reason == .badDate)
            #expect(raw.startAt == nil && raw.attributes["startDate"] != nil)
        }
    }

    @Test func healthAutoExportCountsImpossibleDatesAsBadDates() {
        var mapper = HealthAutoExportMapper(now: now)
        var samples: [HealthAutoExportMapper.Sample] = []
        for date in ["2024-01-01 07:00:00 +0900", "2024-02-30 07:00:00 +0900", "2099-01-01 07:00:00 +0900", "2024-01-02T07:00:00.999+09:00"] {
            mapper.map(row: .object(["date": .string(date), "qty": .number(100)]), metric: "step_count", units: "count", into: &samples)
        }
        #expect(samples.count == 2)
        #expect(mapper.keptRaw["bad_date"] == 2, "kept raw, not dropped")
        #expect(samples.last?.sample.startAt == (try? Instant.parse("2024-01-01T22:00:00.999Z").date))
    }

    @Test func aCSVRowOnFebruary30IsNamedAndNothingIsImported() {
        let text = "date,metric,value,unit\n2024-02-29T07:30:00+09:00,weight,70,kg\n2024-02-30T07:30:00+09:00,weight,70,kg\n"
        #expect {
            try CSVRecordParser.parse(text, now: now)
        } throws: { error in
            guard let error = error as? CSVImportError else { return false }
            return error.problems.map(\.line) == [3] && error.message.en.contains("date: “2024-02-30T07:30:00+09:00”")
        }
    }
}
