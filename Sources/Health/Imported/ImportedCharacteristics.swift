import Foundation

/// What an export's `<Me>` element says about the person: date of birth and sex. Values the export leaves
/// unset (an empty date, `HKBiologicalSexNotSet`) or writes in a form Kiroku cannot read are nil, so they
/// never fill a profile with a guess.
public struct ImportedCharacteristics: Sendable, Equatable {
    public var dateOfBirth: LocalDay?
    public var biologicalSex: BiologicalSex?

    public init(dateOfBirth: LocalDay? = nil, biologicalSex: BiologicalSex? = nil) {
        self.dateOfBirth = dateOfBirth
        self.biologicalSex = biologicalSex
    }

    /// Reads the modern attributes ("1990-01-01", "HKBiologicalSexMale") and the 2015 shape ("19850312",
    /// HealthKit's enum numbers: 0 not set, 1 female, 2 male, 3 other).
    public init(attributes: [String: String]) {
        dateOfBirth = attributes["HKCharacteristicTypeIdentifierDateOfBirth"].flatMap(Self.day)
        biologicalSex = attributes["HKCharacteristicTypeIdentifierBiologicalSex"].flatMap(Self.sex)
    }

    public var isEmpty: Bool { dateOfBirth == nil && biologicalSex == nil }

    private static func day(_ text: String) -> LocalDay? {
        let text = text.trimmingCharacters(in: .whitespaces)
        let day: LocalDay?
        if text.count == 8, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let digits = Array(text)
            day = LocalDay(String(digits[0..<4]) + "-" + String(digits[4..<6]) + "-" + String(digits[6..<8]))
        } else {
            // Some exports append a time ("1990-01-01 00:00:00 +0900"); the day is what counts.
            day = LocalDay(String(text.prefix(10)))
        }
        return day.flatMap { $0 >= DateOfBirth.earliest ? $0 : nil }
    }

    private static func sex(_ text: String) -> BiologicalSex? {
        switch text.trimmingCharacters(in: .whitespaces) {
        case "HKBiologicalSexFemale", "1": .female
        case "HKBiologicalSexMale", "2": .male
        case "HKBiologicalSexOther", "3": .other
        default: nil
        }
    }
}
