import Foundation

extension Store {
    /// The store's name read aloud in hiragana ("御殿場インター店" → "ごてんばインターてん"), so a search typed in kana
    /// before conversion finds it. Built from the readings of the place names the directory uses; a word with no
    /// known reading stays as written.
    public var reading: String {
        var text = name
        for (written, read) in Self.placeReadings { text = text.replacingOccurrences(of: written, with: read) }
        return text
    }

    /// Readings of the words in the directory's store names, longest first so "新静岡" is read before "静岡".
    static let placeReadings: [(String, String)] = [
        ("プレミアム・アウトレット", "ぷれみあむあうとれっと"), ("学園通り", "がくえんどおり"),
        ("浜名湖", "はまなこ"), ("篠ケ瀬", "しのがせ"), ("新静岡", "しんしずおか"), ("瀬名川", "せながわ"), ("御殿場", "ごてんば"),
        ("浜松", "はままつ"), ("市野", "いちの"), ("白羽", "しろわ"), ("遠鉄", "えんてつ"), ("和合", "わごう"), ("有玉", "ありたま"),
        ("富塚", "とみつか"), ("鴨江", "かもえ"), ("高塚", "たかつか"), ("浜北", "はまきた"), ("細江", "ほそえ"), ("湖西", "こさい"),
        ("菊川", "きくがわ"), ("掛川", "かけがわ"), ("袋井", "ふくろい"), ("磐田", "いわた"), ("豊田", "とよだ"), ("静岡", "しずおか"),
        ("池田", "いけだ"), ("焼津", "やいづ"), ("藤枝", "ふじえだ"), ("築地", "つきじ"), ("島田", "しまだ"), ("吉田", "よしだ"),
        ("清水", "しみず"), ("函南", "かんなみ"), ("長泉", "ながいずみ"), ("沼津", "ぬまづ"), ("鷹岡", "たかおか"), ("富士", "ふじ"),
        ("錦", "にしき"), ("本店", "ほんてん"), ("西", "にし"), ("店", "てん"),
    ]
}
