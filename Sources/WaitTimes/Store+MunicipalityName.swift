import Health

extension Store {
    /// The city or town the store is in, named in each language: "浜松市" / "Hamamatsu". English names are spelled as
    /// the region names spell them ("Gotemba"); a municipality the table does not know keeps its Japanese name in both.
    public var municipalityName: LocalizedText {
        LocalizedText(ja: municipality, en: municipalityEnglishName ?? municipality)
    }

    /// The English name when the table knows one, for search ("Hamamatsu" finds the stores in 浜松市).
    public var municipalityEnglishName: String? { Self.municipalityNamesInEnglish[municipality] }

    /// Every municipality the directory's stores are in. District prefixes (榛原郡, 田方郡, 駿東郡) are left out in English.
    static let municipalityNamesInEnglish: [String: String] = [
        "浜松市": "Hamamatsu", "湖西市": "Kosai", "菊川市": "Kikugawa", "掛川市": "Kakegawa", "袋井市": "Fukuroi", "磐田市": "Iwata",
        "静岡市": "Shizuoka", "焼津市": "Yaizu", "藤枝市": "Fujieda", "島田市": "Shimada", "榛原郡吉田町": "Yoshida",
        "御殿場市": "Gotemba", "田方郡函南町": "Kannami", "駿東郡長泉町": "Nagaizumi", "沼津市": "Numazu", "富士市": "Fuji",
    ]
}
