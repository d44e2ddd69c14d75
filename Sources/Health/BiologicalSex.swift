import Foundation

/// The sex a person records in their profile, as Apple Health offers it. "Not set" is the absence of a
/// value (`nil`), not a case: a profile either says something or it does not.
public enum BiologicalSex: String, Sendable, Hashable, Codable, CaseIterable {
    case female
    case male
    case other

    public var label: LocalizedText {
        switch self {
        case .female: LocalizedText(ja: "女性", en: "Female")
        case .male: LocalizedText(ja: "男性", en: "Male")
        case .other: LocalizedText(ja: "その他", en: "Other")
        }
    }

    /// Label for a profile that has no sex recorded.
    public static let notSetLabel = LocalizedText(ja: "未設定", en: "Not set")

    /// The value as an API client or a form sends it ("female", "male", "other"); anything else is refused
    /// with a message listing what is accepted.
    public init(parsing text: String) throws {
        guard let sex = BiologicalSex(rawValue: text) else { throw HealthError.invalidBiologicalSex(text) }
        self = sex
    }
}
