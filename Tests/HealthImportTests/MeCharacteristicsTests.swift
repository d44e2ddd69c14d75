import Foundation
import Health
import HealthImport
import Testing

@Suite("Reading date of birth and sex from an export's Me")
struct MeCharacteristicsTests {
    private static let dateOfBirth = "HKCharacteristicTypeIdentifierDateOfBirth"
    private static let sex = "HKCharacteristicTypeIdentifierBiologicalSex"

    private func mapped(_ attributes: [String: String]) -> (ImportedCharacteristics, ImportedRawItem)? {
        var mapper = HealthKitMapper(now: Date())
        guard case let .me(characteristics, raw) = mapper.map(.me(ExportedElement(name: "Me", attributes: attributes))) else { return nil }
        return (characteristics, raw)
    }

    @Test("A modern export's Me gives the date and the sex, and is still kept raw")
    func modernFixture() throws {
        let me = try #require(try FixtureFiles.mapped("export-modern.xml").compactMap { item -> (ImportedCharacteristics, ImportedRawItem)? in
            if case let .me(characteristics, raw) = item { (characteristics, raw) } else { nil }
        }.first)
        #expect(me.0 == ImportedCharacteristics(dateOfBirth: LocalDay(year: 1990, month: 1, day: 1), biologicalSex: .male))
        #expect(me.1.element == "Me")
        #expect(me.1.attributes["HKCharacteristicTypeIdentifierBloodType"] == "HKBloodTypeNotSet")
    }

    @Test("The 2015 shape writes the date as 19850312 and the sex as HealthKit's number")
    func legacyFixture() throws {
        let characteristics = try FixtureFiles.mapped("export-legacy-2015.xml").compactMap { item -> ImportedCharacteristics? in
            if case let .me(characteristics, _) = item { characteristics } else { nil }
        }
        #expect(characteristics == [ImportedCharacteristics(dateOfBirth: LocalDay(year: 1985, month: 3, day: 12), biologicalSex: .male)])
    }

    @Test("Every sex HealthKit writes, in both spellings; not set and unknown values give nothing",
          arguments: [
              ("HKBiologicalSexFemale", BiologicalSex.female), ("HKBiologicalSexMale", .male), ("HKBiologicalSexOther", .other),
              ("1", .female), ("2", .male), ("3", .other),
          ])
    func sexes(text: String, expected: BiologicalSex) throws {
        let (characteristics, _) = try #require(mapped([Self.sex: text]))
        #expect(characteristics.biologicalSex == expected)
    }

    @Test("Not set, empty, impossible or missing values fill nothing, and the element is kept all the same")
    func nothingToTake() throws {
        let unset = try #require(mapped([Self.dateOfBirth: "", Self.sex: "HKBiologicalSexNotSet"]))
        #expect(unset.0.isEmpty)
        #expect(unset.1.attributes == [Self.dateOfBirth: "", Self.sex: "HKBiologicalSexNotSet"])
        #expect(try #require(mapped([Self.sex: "0"])).0.isEmpty)
        #expect(try #require(mapped([Self.dateOfBirth: "1990-02-30", Self.sex: "HKBiologicalSexSomethingNew"])).0.isEmpty)
        #expect(try #require(mapped([Self.dateOfBirth: "1850-01-01"])).0.isEmpty, "before 1900 is not a living person's birth")
        let missing = try #require(mapped(["HKCharacteristicTypeIdentifierBloodType": "HKBloodTypeAPositive"]))
        #expect(missing.0.isEmpty)
        #expect(missing.1.attributes["HKCharacteristicTypeIdentifierBloodType"] == "HKBloodTypeAPositive")
    }

    @Test("A date with a time after it still gives the day; one field can be set without the other")
    func partial() throws {
        let (withTime, _) = try #require(mapped([Self.dateOfBirth: "1979-11-03 00:00:00 +0900", Self.sex: "HKBiologicalSexNotSet"]))
        #expect(withTime == ImportedCharacteristics(dateOfBirth: LocalDay(year: 1979, month: 11, day: 3), biologicalSex: nil))
        let (sexOnly, _) = try #require(mapped([Self.dateOfBirth: "", Self.sex: "HKBiologicalSexFemale"]))
        #expect(sexOnly == ImportedCharacteristics(dateOfBirth: nil, biologicalSex: .female))
    }

    @Test("The import summary line names exactly the fields filled, in both languages")
    func summaryLine() {
        #expect(ProfileCharacteristic.importSummary([]) == nil)
        let both = ProfileCharacteristic.importSummary([.biologicalSex, .dateOfBirth])
        #expect(both?.en == "Profile: date of birth and sex taken from the export")
        #expect(both?.ja == "プロフィール: 生年月日と性別をヘルスケアの書き出しデータから設定しました")
        #expect(ProfileCharacteristic.importSummary([.biologicalSex])?.en == "Profile: sex taken from the export")
    }
}
