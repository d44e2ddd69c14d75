import Foundation

/// A profile field an import can fill from the export's `<Me>`. An import job records the ones it filled,
/// so the CLI and the web page can tell the person where their profile values came from.
public enum ProfileCharacteristic: String, Sendable, Hashable, Codable, CaseIterable {
    case dateOfBirth
    case biologicalSex

    public var label: LocalizedText {
        switch self {
        case .dateOfBirth: LocalizedText(ja: "生年月日", en: "date of birth")
        case .biologicalSex: LocalizedText(ja: "性別", en: "sex")
        }
    }

    /// "Profile: date of birth and sex taken from the export", or nil when the import filled nothing.
    public static func importSummary(_ filled: [ProfileCharacteristic]) -> LocalizedText? {
        let fields = allCases.filter(filled.contains)
        guard !fields.isEmpty else { return nil }
        let ja = fields.map { $0.label.ja }.joined(separator: "と")
        let en = fields.map { $0.label.en }.joined(separator: " and ")
        return LocalizedText(
            ja: "プロフィール: \(ja)をヘルスケアの書き出しデータから設定しました",
            en: "Profile: \(en) taken from the export"
        )
    }
}
