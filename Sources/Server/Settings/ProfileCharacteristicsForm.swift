import Foundation
import Health
import Storage

/// The date-of-birth and sex fields of the settings page's profile form.
enum ProfileCharacteristicsForm {
    /// Template values: the stored date, the age it gives today, the latest selectable date, the sex options.
    static func values(for user: User, now: Date, language: Language) -> [String: Any] {
        let today = LocalDay(now, in: user.resolvedTimeZone)
        var values: [String: Any] = [
            "dateOfBirth": user.dateOfBirth?.description ?? "",
            "earliest": DateOfBirth.earliest.description,
            "today": today.description,
        ]
        if let age = user.dateOfBirth?.age(on: today) {
            values["age"] = LocalizedText(ja: "\(age)歳", en: "age \(age)").text(in: language)
        }
        let notSet: [String: Any] = ["value": "", "name": BiologicalSex.notSetLabel.text(in: language), "selected": user.biologicalSex == nil]
        values["sexes"] = [notSet] + BiologicalSex.allCases.map { sex in
            ["value": sex.rawValue, "name": sex.label.text(in: language), "selected": sex == user.biologicalSex] as [String: Any]
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
