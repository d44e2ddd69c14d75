import Health

/// The profile field an `invalidProfile` refusal is about, with its rule in both languages.
public enum ProfileField: Sendable, Equatable {
    case height
    case targetWeight
    case timeZone
    case language

    public var rule: LocalizedText {
        switch self {
        case .height: LocalizedText(ja: "身長は 50〜272 cm の数字で入力してください。", en: "Enter the height as a number from 50 to 272 cm.")
        case .targetWeight:
            LocalizedText(ja: "目標体重は 30〜200 kg の数字で入力してください。", en: "Enter the target weight as a number from 30 to 200 kg.")
        case .timeZone: LocalizedText(ja: "タイムゾーンは一覧から選んでください。", en: "Choose the time zone from the list.")
        case .language: LocalizedText(ja: "言語は一覧から選んでください。", en: "Choose the language from the list.")
        }
    }
}
