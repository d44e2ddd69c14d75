import Health
import Testing

@Suite struct LanguageTests {
    @Test(arguments: [
        ("ja-JP,ja;q=0.9,en;q=0.8", Language.ja),
        ("en-US,en;q=0.9,ja;q=0.5", .en),
        ("fr-FR, en;q=0.4, ja;q=0.6", .ja),
        ("ja;q=0, en", .en),
    ])
    func acceptLanguagePicksTheBestSupportedLanguage(header: String, expected: Language) {
        #expect(Language.preferred(fromAcceptLanguage: header) == expected)
    }

    @Test func unsupportedOrMissingHeaderGivesNoPreference() {
        #expect(Language.preferred(fromAcceptLanguage: "fr, de") == nil)
        #expect(Language.preferred(fromAcceptLanguage: nil) == nil)
    }
}
