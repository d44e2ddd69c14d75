import Foundation

extension HealthError {
    /// Not a calendar day in "YYYY-MM-DD", or before 1900.
    public static func invalidDateOfBirth(_ text: String) -> HealthError {
        HealthError(
            code: "invalid_date_of_birth",
            message: LocalizedText(
                ja: "無効なデータ: 生年月日「\(text)」は YYYY-MM-DD 形式の 1900-01-01 以降の日付で入力してください",
                en: "Invalid data: the date of birth \"\(text)\" must be a date as YYYY-MM-DD, on or after 1900-01-01."
            )
        )
    }

    public static func futureDateOfBirth(_ text: String) -> HealthError {
        HealthError(
            code: "invalid_date_of_birth",
            message: LocalizedText(
                ja: "無効なデータ: 生年月日「\(text)」が未来の日付になっています",
                en: "Invalid data: the date of birth \"\(text)\" is in the future."
            )
        )
    }

    public static func invalidBiologicalSex(_ text: String) -> HealthError {
        HealthError(
            code: "invalid_biological_sex",
            message: LocalizedText(
                ja: "無効なデータ: 性別「\(text)」は female（女性）・male（男性）・other（その他）のいずれかで指定してください",
                en: "Invalid data: the sex \"\(text)\" must be one of female, male or other."
            )
        )
    }
}
