import Foundation
import Health

/// The 35 stores Kiroku ships with (reference/sawayaka.md: addresses and coordinates mostly as of 2021, old Hamamatsu
/// ward names kept as published). Unconfirmed facts are nil. Operators replace the list with `kiroku stores load`.
public enum StoreDirectory {
    public static let shipped: [Store] = hamamatsu + kosai + chuen + shizuoka + tobu

    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    static let hamamatsu: [Store] = [
        Store(id: "sasagase", name: "浜松篠ケ瀬店", region: .hamamatsu, municipality: "浜松市", postalCode: "435-0042",
              address: "浜松市東区篠ケ瀬町1232", coordinate: point(34.724046, 137.776666)),
        Store(id: "ichino", name: "イオンモール浜松市野店", region: .hamamatsu, municipality: "浜松市",
              coordinate: point(34.740846, 137.762916), hours: "facility", facility: "イオンモール浜松市野"),
        Store(id: "shirowa", name: "浜松白羽店", region: .hamamatsu, municipality: "浜松市", postalCode: "430-0846",
              address: "浜松市南区白羽町636-1", coordinate: point(34.680236, 137.739554)),
        Store(id: "entetsu", name: "浜松遠鉄店", region: .hamamatsu, municipality: "浜松市", postalCode: "430-8588",
              address: "浜松市中区砂山町320-2 遠鉄百貨店本館8階", coordinate: point(34.703980, 137.733690), hours: "facility", facility: "遠鉄百貨店"),
        Store(id: "wago", name: "浜松和合店", region: .hamamatsu, municipality: "浜松市", postalCode: "433-8125",
              address: "浜松市中区和合町193-14", coordinate: point(34.733153, 137.722364)),
        Store(id: "aritama", name: "浜松有玉店", region: .hamamatsu, municipality: "浜松市", postalCode: "431-3122",
              address: "浜松市東区有玉南町547-1", coordinate: point(34.756270, 137.751841)),
        Store(id: "tomitsuka", name: "浜松富塚店", region: .hamamatsu, municipality: "浜松市", postalCode: "432-8002",
              address: "浜松市中区富塚町439-1", coordinate: point(34.721240, 137.701059)),
        Store(id: "kamoe", name: "浜松鴨江店", region: .hamamatsu, municipality: "浜松市", postalCode: "432-8023",
              address: "浜松市中区鴨江3-10-1", coordinate: point(34.704796, 137.710728)),
        Store(id: "takatsuka", name: "浜松高塚店", region: .hamamatsu, municipality: "浜松市", postalCode: "432-8065",
              address: "浜松市南区高塚町4888-11", coordinate: point(34.688088, 137.676206)),
        Store(id: "hamamatsu-nishi-ic", name: "浜松西インター店", region: .hamamatsu, municipality: "浜松市",
              address: "浜松市中央区湖東町3386-1", openedOn: LocalDay(year: 2024, month: 10, day: 1), aliases: ["浜松高丘店"]),
        Store(id: "hamakita", name: "浜北店", region: .hamamatsu, municipality: "浜松市", postalCode: "434-0041",
              address: "浜松市浜北区平口2926-1", coordinate: point(34.799336, 137.763275)),
        Store(id: "hosoe", name: "細江本店", region: .hamamatsu, municipality: "浜松市", postalCode: "431-1304",
              address: "浜松市北区細江町中川5443-1", coordinate: point(34.802567, 137.662116)),
    ]

    static let kosai: [Store] = [
        Store(id: "kosai", name: "湖西浜名湖店", region: .kosai, municipality: "湖西市",
              openedOn: LocalDay(year: 2022, month: 7, day: 7), aliases: ["新居湖西店"]),
    ]

    static let chuen: [Store] = [
        Store(id: "kikugawa", name: "菊川本店", region: .chuen, municipality: "菊川市", postalCode: "439-0031",
              address: "菊川市加茂6088", coordinate: point(34.738101, 138.085415)),
        Store(id: "kakegawa", name: "掛川本店", region: .chuen, municipality: "掛川市", postalCode: "436-0043",
              address: "掛川市大池3001-1", coordinate: point(34.773083, 137.992841)),
        Store(id: "kakegawa-ic", name: "掛川インター店", region: .chuen, municipality: "掛川市", postalCode: "436-0020",
              address: "掛川市矢崎町3-15", coordinate: point(34.761572, 138.022273)),
        Store(id: "fukuroi", name: "袋井本店", region: .chuen, municipality: "袋井市", postalCode: "437-0064",
              address: "袋井市川井70-1", coordinate: point(34.746970, 137.913667)),
        Store(id: "iwata", name: "磐田本店", region: .chuen, municipality: "磐田市", postalCode: "438-0071",
              address: "磐田市今之浦4丁目4-6", coordinate: point(34.721703, 137.857895)),
        Store(id: "toyoda", name: "豊田店", region: .chuen, municipality: "磐田市", postalCode: "438-0834",
              address: "磐田市森下1002-3", coordinate: point(34.721705, 137.821666)),
    ]

    static let shizuoka: [Store] = [
        Store(id: "cenova", name: "新静岡セノバ店", region: .shizuoka, municipality: "静岡市", postalCode: "420-8508",
              address: "静岡市葵区鷹匠1-1-1 新静岡セノバ5階", coordinate: point(34.975511, 138.386953), hours: "facility", facility: "新静岡セノバ"),
        Store(id: "shizuoka-senagawa", name: "静岡瀬名川店", region: .shizuoka, municipality: "静岡市", postalCode: "420-0913",
              address: "静岡市葵区瀬名川2丁目39番37号", coordinate: point(35.009088, 138.429364)),
        Store(id: "shizuoka-ikeda", name: "静岡池田店", region: .shizuoka, municipality: "静岡市", postalCode: "422-8005",
              address: "静岡市駿河区池田634-1", coordinate: point(34.979762, 138.423568)),
        Store(id: "shizuoka-ic", name: "静岡インター店", region: .shizuoka, municipality: "静岡市", postalCode: "422-8051",
              address: "静岡市駿河区中野新田387-1", coordinate: point(34.949027, 138.389404)),
        Store(id: "yaizu", name: "焼津店", region: .shizuoka, municipality: "焼津市", postalCode: "425-0035",
              address: "焼津市東小川7-17-12", coordinate: point(34.850994, 138.308478)),
        Store(id: "fujieda-tsukiji", name: "藤枝築地店", region: .shizuoka, municipality: "藤枝市", postalCode: "426-0031",
              address: "藤枝市築地520-1", coordinate: point(34.859657, 138.273648)),
        Store(id: "shimada", name: "島田店", region: .shizuoka, municipality: "島田市", postalCode: "427-0058",
              address: "島田市祇園町8912-2", coordinate: point(34.836295, 138.185459)),
        Store(id: "yoshida", name: "吉田店", region: .shizuoka, municipality: "榛原郡吉田町", postalCode: "421-0301",
              address: "榛原郡吉田町住吉696-1", coordinate: point(34.766230, 138.249163)),
        Store(id: "baydream-shimizu", name: "ベイドリーム清水店", region: .shizuoka, municipality: "静岡市",
              address: "静岡市清水区", hours: "facility", facility: "ベイドリーム清水", openedOn: LocalDay(year: 2025, month: 11, day: 1), seats: 78),
    ]

    static let tobu: [Store] = [
        Store(id: "gotemba-outlet", name: "御殿場プレミアム・アウトレット店", region: .tobu, municipality: "御殿場市", postalCode: "412-0023",
              address: "御殿場市深沢1312 (ヒルサイドエリア)", coordinate: point(35.305139, 138.965762), hours: "outlet", facility: "御殿場プレミアム・アウトレット"),
        Store(id: "gotemba-ic", name: "御殿場インター店", region: .tobu, municipality: "御殿場市", postalCode: "412-0026",
              address: "御殿場市東田中984-1", phone: "0550-82-8855", coordinate: point(35.300789, 138.938840)),
        Store(id: "kannami", name: "函南店", region: .tobu, municipality: "田方郡函南町", postalCode: "419-0122",
              address: "田方郡函南町上沢130-1", phone: "055-979-5588", coordinate: point(35.091808, 138.946655)),
        Store(id: "nagaizumi", name: "長泉店", region: .tobu, municipality: "駿東郡長泉町", postalCode: "411-0942",
              address: "駿東郡長泉町中土狩340-5", coordinate: point(35.138576, 138.907782)),
        Store(id: "numazu-gakuendori", name: "沼津学園通り店", region: .tobu, municipality: "沼津市", postalCode: "410-0042",
              address: "沼津市神田町6番26号", coordinate: point(35.118026, 138.867142)),
        Store(id: "fuji-takaoka", name: "富士鷹岡店", region: .tobu, municipality: "富士市", postalCode: "419-0202",
              address: "富士市久沢847-11", coordinate: point(35.194781, 138.648233)),
        Store(id: "fuji-nishiki", name: "富士錦店", region: .tobu, municipality: "富士市", postalCode: "417-0045",
              address: "富士市錦町1丁目11-16", coordinate: point(35.156417, 138.678923)),
    ]
}
