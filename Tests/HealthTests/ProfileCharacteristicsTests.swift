import Foundation
import Health
import Testing

@Suite("Date of birth, age and sex on the profile")
struct ProfileCharacteristicsTests {
    private func day(_ text: String) -> LocalDay {
        LocalDay(text)!
    }

    @Test("Age counts whole years: one less until the birthday, one more from the birthday on")
    func wholeYears() {
        let born = day("1990-06-15")
        #expect(born.age(on: day("2026-06-14")) == 35)
        #expect(born.age(on: day("2026-06-15")) == 36)
        #expect(born.age(on: day("2026-12-31")) == 36)
        #expect(born.age(on: day("1990-06-15")) == 0)
        #expect(born.age(on: day("1991-06-14")) == 0)
        #expect(born.age(on: day("1990-06-14")) == nil, "no age before birth")
    }

    @Test("Born on 29 February: a year older on 1 March in common years, on 29 February in leap years")
    func leapDayBirthday() {
        let born = day("2000-02-29")
        #expect(born.age(on: day("2001-02-28")) == 0)
        #expect(born.age(on: day("2001-03-01")) == 1)
        #expect(born.age(on: day("2004-02-28")) == 3)
        #expect(born.age(on: day("2004-02-29")) == 4)
        #expect(born.age(on: day("2026-02-28")) == 25)
        #expect(born.age(on: day("2026-03-01")) == 26)
    }

    @Test("A date of birth is a real day from 1900-01-01 to today")
    func dateOfBirthRules() throws {
        let today = day("2026-11-22")
        #expect(try DateOfBirth.parse("1990-01-01", today: today) == day("1990-01-01"))
        #expect(try DateOfBirth.parse("2026-11-22", today: today) == today)
        #expect(try DateOfBirth.parse("1900-01-01", today: today) == DateOfBirth.earliest)
        for text in ["2026-11-23", "1899-12-31", "1990-02-30", "1990/01/01", "yesterday", ""] {
            #expect(throws: HealthError.self, "\(text)") { try DateOfBirth.parse(text, today: today) }
        }
        let future = #expect(throws: HealthError.self) { try DateOfBirth.parse("2030-01-01", today: today) }
        #expect(future?.code == "invalid_date_of_birth")
        #expect(future?.message.ja.contains("未来") == true)
        #expect(future?.message.en.contains("future") == true)
    }

    @Test("Sex accepts female, male and other, and says so in both languages when refused")
    func sexValues() throws {
        #expect(try BiologicalSex(parsing: "female") == .female)
        #expect(try BiologicalSex(parsing: "other") == .other)
        let refused = #expect(throws: HealthError.self) { try BiologicalSex(parsing: "Male") }
        #expect(refused?.code == "invalid_biological_sex")
        #expect(refused?.message.en.contains("female, male or other") == true)
        #expect(refused?.message.ja.contains("女性") == true)
        #expect(BiologicalSex.allCases.map { $0.label.ja } == ["女性", "男性", "その他"])
        #expect(BiologicalSex.allCases.map { $0.label.en } == ["Female", "Male", "Other"])
    }
}
