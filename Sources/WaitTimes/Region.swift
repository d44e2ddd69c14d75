import Foundation
import Health

/// The region groups the chain's own store list uses.
public enum Region: String, Sendable, Hashable, Codable, CaseIterable {
    case hamamatsu
    case kosai
    case chuen
    case shizuoka
    case tobu

    public var name: LocalizedText {
        switch self {
        case .hamamatsu: .init(ja: "浜松", en: "Hamamatsu")
        case .kosai: .init(ja: "湖西", en: "Kosai")
        case .chuen: .init(ja: "菊川・掛川・袋井・磐田", en: "Kikugawa, Kakegawa, Fukuroi, Iwata")
        case .shizuoka: .init(ja: "静岡・焼津・藤枝・島田・吉田", en: "Shizuoka, Yaizu, Fujieda, Shimada, Yoshida")
        case .tobu: .init(ja: "御殿場・長泉・沼津・富士", en: "Gotemba, Nagaizumi, Numazu, Fuji")
        }
    }

    /// Accepts the id ("hamamatsu") or either name, as a filter value from a URL or the CLI.
    public init?(matching text: String) {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        guard let region = Region(rawValue: wanted.lowercased())
            ?? Region.allCases.first(where: { $0.name.ja == wanted || $0.name.en.lowercased() == wanted.lowercased() })
        else { return nil }
        self = region
    }
}
