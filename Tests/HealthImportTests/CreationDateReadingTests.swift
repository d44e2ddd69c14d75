import Foundation
import Health
import HealthImport
import Testing

/// The mapper reads a record's `creationDate` once per distinct text (the end's or start's text names the instant read
/// already; a run of records sharing one text is read once). Whatever way it is read, each sample gets the instant its
/// own text names, and a text outside the health-data window or unreadable gives none, however often it repeats.
@Suite("Apple Health: each record's creation date, however its text repeats")
struct CreationDateReadingTests {
    /// 2024-03-01 00:00:00 UTC, 09:00 in Tokyo.
    static let base = Date(timeIntervalSince1970: 1_709_251_200)

    static func text(_ date: Date) -> String {
        let fields = WallClockTime(date, in: TimeZone(secondsFromGMT: 9 * 3600)!).fields
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(fields.year)-\(two(fields.month))-\(two(fields.day)) \(two(fields.hour)):\(two(fields.minute)):\(two(fields.second)) +0900"
    }

    static func record(minute: Int, created: String?) -> ExportedRecord {
        var record = ExportedRecord()
        record.type = "HKQuantityTypeIdentifierStepCount"
        record.sourceName = "iPhone"
        record.unit = "count"
        record.value = "\(10 + minute)"
        record.startDate = text(base.addingTimeInterval(Double(minute * 60)))
        record.endDate = text(base.addingTimeInterval(Double(minute * 60 + 50)))
        record.creationDate = created
        return record
    }

    @Test("End's text, start's text, a shared text, a new one, the shared one again, unreadable and out of range")
    func eachSampleGetsItsOwnCreationDate() throws {
        let batchWrite = Self.base.addingTimeInterval(3_600)
        let later = Self.base.addingTimeInterval(7_200)
        let records: [(ExportedRecord, Date?)] = [
            (Self.record(minute: 0, created: Self.text(Self.base.addingTimeInterval(50))), Self.base.addingTimeInterval(50)),
            (Self.record(minute: 1, created: Self.text(Self.base.addingTimeInterval(60))), Self.base.addingTimeInterval(60)),
            (Self.record(minute: 2, created: Self.text(batchWrite)), batchWrite),
            (Self.record(minute: 3, created: Self.text(batchWrite)), batchWrite),
            (Self.record(minute: 4, created: Self.text(later)), later),
            (Self.record(minute: 5, created: Self.text(batchWrite)), batchWrite),
            (Self.record(minute: 6, created: "2024-13-45 99:00:00 +0900"), nil),
            (Self.record(minute: 7, created: "2024-13-45 99:00:00 +0900"), nil),
            (Self.record(minute: 8, created: "2099-01-01 00:00:00 +0900"), nil),
            (Self.record(minute: 9, created: "2099-01-01 00:00:00 +0900"), nil),
            (Self.record(minute: 10, created: nil), nil),
        ]
        var mapper = HealthKitMapper(now: Self.base.addingTimeInterval(86_400))
        for (index, (record, expected)) in records.enumerated() {
            guard case let .sample(sample) = mapper.map(record) else {
                Issue.record("record \(index) was not mapped to a sample")
                continue
            }
            #expect(sample.sourceCreatedAt == expected, "record \(index)")
            let keptText = sample.metadata?[SourceCreationDate.unreadableMetadataKey]
            #expect(keptText == (expected == nil ? record.creationDate : nil), "record \(index): an unreadable text stays as written")
        }
    }
}
