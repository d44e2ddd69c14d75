import Foundation
import Health
import HealthImport
import Testing

@Suite("CSV import rows")
struct CSVRecordParserTests {
    @Test("Rows convert through the catalog; quoted fields may hold commas; the source column is optional")
    func goodRows() throws {
        let samples = try CSVRecordParser.parse("""
            Date,Metric,Value,Unit,Source
            2024-03-01T07:30:00+09:00,weight,154,lb,"Scale, bathroom"
            2024-03-01 08:00:00 +0900,steps,1200,,
            """, now: Date())
        #expect(samples.map(\.metric) == ["bodyMass", "stepCount"])
        #expect(abs(samples[0].value - 69.853_224_98) < 1e-6)
        #expect(samples[0].sourceName == "Scale, bathroom")
        #expect(samples[0].utcOffsetSeconds == 32_400)
        #expect(samples[1].sourceName == "CSV")
        #expect(samples[1].originalUnit == "count")
    }

    @Test("Every bad row is reported by its line, in both languages, and none is returned")
    func badRows() {
        let text = "date,metric,value,unit\n2024-03-01T07:30:00+09:00,weight,70,kg\n\nnot-a-date,weight,70,kg\n2024-03-01T07:30:00+09:00,weight,7000,kg\n2024-03-01T07:30:00+09:00,weight,70\n"
        #expect {
            try CSVRecordParser.parse(text, now: Date())
        } throws: { error in
            guard let error = error as? CSVImportError else { return false }
            return error.problems.map(\.line) == [4, 5, 6]
                && error.message.en.contains("line 4") && error.message.ja.contains("4 行目")
        }
    }

    @Test("A missing or wrong header is refused")
    func header() {
        #expect(throws: CSVImportError.self) { try CSVRecordParser.parse("when,what,value\n", now: Date()) }
        #expect(throws: CSVImportError.self) { try CSVRecordParser.parse("", now: Date()) }
    }
}
