import Foundation
import Health
import Storage

/// The date-of-birth and sex fields of the settings page's profile form.
enum ProfileCharacteristicsForm {
    /// Template values: the stored date, the age it gives today, the latest selectable date, the sex options.
    /// `typedDateOfBirth` and `typedSex` are a refused form's fields, shown instead of the stored ones (the age is
    /// then left out, since it is the stored date's).
    static func values(for user: User, now: Date, language: Language, typedDateOfBirth: String? = nil, typedSex: String? = nil) -> [String: Any] {
        let today = LocalDay(now, in: user.resolvedTimeZone)
        let storedDate = user.dateOfBirth?.description ?? ""
        var values: [String: Any] = [
            "dateOfBirth": typedDateOfBirth ?? storedDate,
            "earliest": DateOfBirth.earliest.description,
            "today": today.description,
        ]
        if let age = user.dateOfBirth?.age(on: today), (typedDateOfBirth ?? storedDate) == storedDate {
            values["age"] = LocalizedText(ja: "\(age)歳", en: "age \(age)").text(in: language)
        }
        let sex = typedSex ?? user.biologicalSex?.rawValue ?? ""
        let notSet: [String: Any] = ["value": "", "name": BiologicalSex.notSetLabel.text(in: language), "selected": sex.isEmpty]
        values["sexes"] = [notSet] + BiologicalSex.allCases.map { choice in
            ["value": choice.rawValue, "name": choice.label.text(in: language), "selected": choice.rawValue == sex] as [String: Any]
        }
        return values
    }

    /// A posted field as a profile change: absent leaves the value alone, empty clears it.
    static func field(_ text: String?) -> String?? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return .some(trimmed.isEmpty ? nil : trimmed)
    }
}
