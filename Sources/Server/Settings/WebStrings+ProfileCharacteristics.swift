import Health

extension WebStrings {
    /// Date of birth and sex on the settings page. Keys start with "pc".
    static let profileCharacteristics: [String: LocalizedText] = [
        "pcDateOfBirth": .init(ja: "生年月日", en: "Date of birth"),
        "pcSex": .init(ja: "性別", en: "Sex"),
        "pcHint": .init(
            ja: "空欄のままなら、ヘルスケアの書き出しデータを読み込んだときにそこから設定されます。入力した値は上書きされません。",
            en: "If left empty, an Apple Health import fills them from the export. Values you enter are never overwritten."
        ),
    ]
}
