/// A piece of text a person reads, in every language Kiroku speaks.
public struct LocalizedText: Sendable, Hashable, Codable {
    public let ja: String
    public let en: String

    public init(ja: String, en: String) {
        self.ja = ja
        self.en = en
    }

    public func text(in language: Language) -> String {
        switch language {
        case .ja: ja
        case .en: en
        }
    }
}
