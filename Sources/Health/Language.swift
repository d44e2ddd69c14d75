import Foundation

/// The languages Kiroku speaks to people in. Japanese first: it is the designs' own language.
public enum Language: String, Sendable, Hashable, Codable, CaseIterable {
    case ja
    case en

    /// Picks the first supported language from an HTTP `Accept-Language` value, honouring q-weights.
    /// Returns nil when the header names none of ours, so the caller can fall back to a profile setting.
    public static func preferred(fromAcceptLanguage header: String?) -> Language? {
        guard let header, !header.isEmpty else { return nil }
        let ranked = header.split(separator: ",").enumerated().compactMap { index, part -> (Language, Double, Int)? in
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first?.lowercased() else { return nil }
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            guard let language = Language(rawValue: primary) else { return nil }
            var weight = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            return weight > 0 ? (language, weight, index) : nil
        }
        return ranked.sorted { ($0.1, -$0.2) > ($1.1, -$1.2) }.first?.0
    }
}
