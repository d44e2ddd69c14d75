import Foundation
import Health
import HealthImport
import Testing
import TestSupport

@Suite("Reading Apple Health exports")
struct HealthExportReaderTests {
    @Test("The modern export is read whole: every top-level element, in order, despite the inline DTD")
    func modernExportCounts() throws {
        let items = try FixtureFiles.items("export-modern.xml")
        var records = 0, correlations = 0, workouts = 0, summaries = 0, me = 0, other: [String] = []
        for item in items {
            switch item {
            case .record: records += 1
            case .correlation: correlations += 1
            case .workout: workouts += 1
            case .activitySummary: summaries += 1
            case .me: me += 1
            case let .other(element): other.append(element.name)
            }
        }
        #expect(records == 25)
        #expect(correlations == 2)
        #expect(workouts == 2)
        #expect(summaries == 1)
        #expect(me == 1)
        #expect(other == ["ExportDate", "ClinicalRecord"])
    }

    @Test("Chunk boundaries anywhere give the same items", arguments: [1, 7, 64, 4096])
    func chunkSizesAgree(chunkSize: Int) throws {
        #expect(try FixtureFiles.items("export-modern.xml", chunkSize: chunkSize) == FixtureFiles.items("export-modern.xml"))
    }

    @Test("XML escapes in attributes are resolved: named, decimal, and inside the device string")
    func escapes() throws {
        let records = try FixtureFiles.items("export-modern.xml").compactMap { item -> ExportedRecord? in
            if case let .record(record) = item { record } else { nil }
        }
        #expect(records[0].sourceName == "Health & Scale \"Pro\"")
        #expect(records[2].sourceName == "Taro\u{2019}s iPhone")
        #expect(records[2].device?.hasPrefix("<<HKDevice: 0x283a1c0f0>, name:iPhone") == true)
        #expect(records[0].metadata == ["HKWasUserEntered": "1"])
    }

    @Test("A zip is read by content: the localized eksport.xml is found, the CDA document beside it is not taken")
    func localizedZip() throws {
        let zipped = try FixtureFiles.items("export-localized.zip", chunkSize: 999)
        #expect(zipped == (try FixtureFiles.items("export-modern.xml")))
    }

    @Test("Correlations carry their records and their own metadata")
    func correlationShape() throws {
        let correlations = try FixtureFiles.items("export-modern.xml").compactMap { item -> ExportedCorrelation? in
            if case let .correlation(correlation) = item { correlation } else { nil }
        }
        #expect(correlations[0].records.map(\.type) == ["HKQuantityTypeIdentifierBloodPressureSystolic", "HKQuantityTypeIdentifierBloodPressureDiastolic"])
        #expect(correlations[0].metadata == ["HKWasUserEntered": "0"])
        #expect(correlations[1].metadata == ["HKFoodType": "Onigiri <salmon>"])
    }

    @Test("A truncated file is an error naming where it ends")
    func truncated() throws {
        #expect(throws: ImportError.truncated(byteOffset: 2500, line: 37)) {
            try FixtureFiles.items("truncated.xml")
        }
    }

    @Test("Malformed XML is an error naming the line and byte offset, after the items before it were delivered")
    func malformed() throws {
        var delivered = 0
        let reader = HealthExportReader(url: FixtureFiles.url("malformed.xml"))
        let error = try #require(throws: ImportError.self) {
            try reader.read { _ in delivered += 1 }
        }
        guard case let .malformedXML(_, offset, line) = error else {
            Issue.record("expected malformedXML, got \(error)")
            return
        }
        #expect(line == 39)
        let text = try String(contentsOf: FixtureFiles.url("malformed.xml"), encoding: .utf8)
        let lineStart = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(38).reduce(0) { $0 + $1.count + 1 }
        #expect((lineStart..<(lineStart + 200)).contains(offset))
        #expect(delivered == 9)
        #expect(error.message.en.contains("line 39"))
        #expect(error.message.ja.contains("39 行目"))
    }

    @Test("A file that is not a Health export is refused")
    func notAnExport() throws {
        let url = TestFiles.directory.appendingPathComponent("other-\(UUID()).xml")
        try Data("<?xml version=\"1.0\"?><Other/>".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ImportError.notHealthExport) {
            try HealthExportReader(url: url).read { _ in }
        }
        #expect(!ImportError.notHealthExport.message.en.contains("zip holds"), "a plain file is not called the zip")
    }

    @Test("Neither zip nor XML: named as not an export, never as “the zip”", arguments: [
        Data("hello, this is a note\n".utf8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), Data(),
    ])
    func neitherZipNorXML(_ bytes: Data) throws {
        let url = TestFiles.directory.appendingPathComponent("other-\(UUID()).bin")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            try HealthExportReader(url: url).read { _ in }
            Issue.record("expected a refusal")
        } catch let error as ImportError {
            #expect(error.code != "import_no_health_export")
            #expect(!error.message.en.lowercased().contains("zip holds"))
        }
    }

    @Test("A broken zip says so in words, without the archive library's error names")
    func brokenZip() throws {
        let url = TestFiles.directory.appendingPathComponent("broken-\(UUID()).zip")
        // A local-file-header signature and then nothing a zip reader can use.
        try (Data([0x50, 0x4B, 0x03, 0x04]) + Data(repeating: 0x41, count: 200)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ImportError.brokenZip) {
            try HealthExportReader(url: url).read { _ in }
        }
        let message = ImportError.brokenZip.message
        #expect(!message.en.contains("Archive") && !message.en.contains("Error") && !message.ja.contains("Archive"))
    }

    @Test("A tag that never closes is an error, not a file held in memory")
    func endlessTag() throws {
        var scanner = XMLStreamScanner()
        let head = Array("<HealthData><Record type=\"".utf8)
        let filler = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
        #expect(throws: ImportError.self) {
            try head.withUnsafeBytes { try scanner.feed($0) { _ in } }
            for _ in 0..<20 { try filler.withUnsafeBytes { try scanner.feed($0) { _ in } } }
        }
    }
}
