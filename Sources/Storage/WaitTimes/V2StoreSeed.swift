import Foundation

/// The store directory exactly as migration "v2-wait-times" inserted it: `waitStore` rows (id, position, and the
/// definition as `JSONEncoder` with `.sortedKeys` wrote it), frozen as data so that the shipped migration depends on
/// no application type and a fresh database gets byte-identical rows on every version of Kiroku.
///
/// Generated once from `StoreDirectory.shipped` (35 stores). Never edit it: a changed directory ships through a new
/// migration, or through `AppDatabase.replaceStores(with:now:)` (what `kiroku stores load` calls).
/// `WaitTimesStorageTests` checks that a fresh database still matches `StoreDirectory.shipped`.
enum V2StoreSeed {
    struct Row: Decodable {
        let id: String
        let position: Int
        let definition: String
    }

    static func rows() throws -> [Row] {
        try JSONDecoder().decode([Row].self, from: Data(json.utf8))
    }

    // One row per line; each `definition` is the stored text, JSON-quoted.
    static let json = #"""
        [
        {"id":"sasagase","position":0,"definition":"{\"address\":\"浜松市東区篠ケ瀬町1232\",\"aliases\":[],\"coordinate\":{\"latitude\":34.724046,\"longitude\":137.776666},\"hours\":\"chain\",\"id\":\"sasagase\",\"municipality\":\"浜松市\",\"name\":\"浜松篠ケ瀬店\",\"postalCode\":\"435-0042\",\"region\":\"hamamatsu\"}"},
        {"id":"ichino","position":1,"definition":"{\"aliases\":[],\"coordinate\":{\"latitude\":34.740846,\"longitude\":137.762916},\"facility\":\"イオンモール浜松市野\",\"hours\":\"facility\",\"id\":\"ichino\",\"municipality\":\"浜松市\",\"name\":\"イオンモール浜松市野店\",\"region\":\"hamamatsu\"}"},
        {"id":"shirowa","position":2,"definition":"{\"address\":\"浜松市南区白羽町636-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.680236,\"longitude\":137.739554},\"hours\":\"chain\",\"id\":\"shirowa\",\"municipality\":\"浜松市\",\"name\":\"浜松白羽店\",\"postalCode\":\"430-0846\",\"region\":\"hamamatsu\"}"},
        {"id":"entetsu","position":3,"definition":"{\"address\":\"浜松市中区砂山町320-2 遠鉄百貨店本館8階\",\"aliases\":[],\"coordinate\":{\"latitude\":34.70398,\"longitude\":137.73369},\"facility\":\"遠鉄百貨店\",\"hours\":\"facility\",\"id\":\"entetsu\",\"municipality\":\"浜松市\",\"name\":\"浜松遠鉄店\",\"postalCode\":\"430-8588\",\"region\":\"hamamatsu\"}"},
        {"id":"wago","position":4,"definition":"{\"address\":\"浜松市中区和合町193-14\",\"aliases\":[],\"coordinate\":{\"latitude\":34.733153,\"longitude\":137.722364},\"hours\":\"chain\",\"id\":\"wago\",\"municipality\":\"浜松市\",\"name\":\"浜松和合店\",\"postalCode\":\"433-8125\",\"region\":\"hamamatsu\"}"},
        {"id":"aritama","position":5,"definition":"{\"address\":\"浜松市東区有玉南町547-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.75627,\"longitude\":137.751841},\"hours\":\"chain\",\"id\":\"aritama\",\"municipality\":\"浜松市\",\"name\":\"浜松有玉店\",\"postalCode\":\"431-3122\",\"region\":\"hamamatsu\"}"},
        {"id":"tomitsuka","position":6,"definition":"{\"address\":\"浜松市中区富塚町439-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.72124,\"longitude\":137.701059},\"hours\":\"chain\",\"id\":\"tomitsuka\",\"municipality\":\"浜松市\",\"name\":\"浜松富塚店\",\"postalCode\":\"432-8002\",\"region\":\"hamamatsu\"}"},
        {"id":"kamoe","position":7,"definition":"{\"address\":\"浜松市中区鴨江3-10-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.704796,\"longitude\":137.710728},\"hours\":\"chain\",\"id\":\"kamoe\",\"municipality\":\"浜松市\",\"name\":\"浜松鴨江店\",\"postalCode\":\"432-8023\",\"region\":\"hamamatsu\"}"},
        {"id":"takatsuka","position":8,"definition":"{\"address\":\"浜松市南区高塚町4888-11\",\"aliases\":[],\"coordinate\":{\"latitude\":34.688088,\"longitude\":137.676206},\"hours\":\"chain\",\"id\":\"takatsuka\",\"municipality\":\"浜松市\",\"name\":\"浜松高塚店\",\"postalCode\":\"432-8065\",\"region\":\"hamamatsu\"}"},
        {"id":"hamamatsu-nishi-ic","position":9,"definition":"{\"address\":\"浜松市中央区湖東町3386-1\",\"aliases\":[\"浜松高丘店\"],\"hours\":\"chain\",\"id\":\"hamamatsu-nishi-ic\",\"municipality\":\"浜松市\",\"name\":\"浜松西インター店\",\"openedOn\":\"2024-10-01\",\"region\":\"hamamatsu\"}"},
        {"id":"hamakita","position":10,"definition":"{\"address\":\"浜松市浜北区平口2926-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.799336,\"longitude\":137.763275},\"hours\":\"chain\",\"id\":\"hamakita\",\"municipality\":\"浜松市\",\"name\":\"浜北店\",\"postalCode\":\"434-0041\",\"region\":\"hamamatsu\"}"},
        {"id":"hosoe","position":11,"definition":"{\"address\":\"浜松市北区細江町中川5443-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.802567,\"longitude\":137.662116},\"hours\":\"chain\",\"id\":\"hosoe\",\"municipality\":\"浜松市\",\"name\":\"細江本店\",\"postalCode\":\"431-1304\",\"region\":\"hamamatsu\"}"},
        {"id":"kosai","position":12,"definition":"{\"aliases\":[\"新居湖西店\"],\"hours\":\"chain\",\"id\":\"kosai\",\"municipality\":\"湖西市\",\"name\":\"湖西浜名湖店\",\"openedOn\":\"2022-07-07\",\"region\":\"kosai\"}"},
        {"id":"kikugawa","position":13,"definition":"{\"address\":\"菊川市加茂6088\",\"aliases\":[],\"coordinate\":{\"latitude\":34.738101,\"longitude\":138.085415},\"hours\":\"chain\",\"id\":\"kikugawa\",\"municipality\":\"菊川市\",\"name\":\"菊川本店\",\"postalCode\":\"439-0031\",\"region\":\"chuen\"}"},
        {"id":"kakegawa","position":14,"definition":"{\"address\":\"掛川市大池3001-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.773083,\"longitude\":137.992841},\"hours\":\"chain\",\"id\":\"kakegawa\",\"municipality\":\"掛川市\",\"name\":\"掛川本店\",\"postalCode\":\"436-0043\",\"region\":\"chuen\"}"},
        {"id":"kakegawa-ic","position":15,"definition":"{\"address\":\"掛川市矢崎町3-15\",\"aliases\":[],\"coordinate\":{\"latitude\":34.761572,\"longitude\":138.022273},\"hours\":\"chain\",\"id\":\"kakegawa-ic\",\"municipality\":\"掛川市\",\"name\":\"掛川インター店\",\"postalCode\":\"436-0020\",\"region\":\"chuen\"}"},
        {"id":"fukuroi","position":16,"definition":"{\"address\":\"袋井市川井70-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.74697,\"longitude\":137.913667},\"hours\":\"chain\",\"id\":\"fukuroi\",\"municipality\":\"袋井市\",\"name\":\"袋井本店\",\"postalCode\":\"437-0064\",\"region\":\"chuen\"}"},
        {"id":"iwata","position":17,"definition":"{\"address\":\"磐田市今之浦4丁目4-6\",\"aliases\":[],\"coordinate\":{\"latitude\":34.721703,\"longitude\":137.857895},\"hours\":\"chain\",\"id\":\"iwata\",\"municipality\":\"磐田市\",\"name\":\"磐田本店\",\"postalCode\":\"438-0071\",\"region\":\"chuen\"}"},
        {"id":"toyoda","position":18,"definition":"{\"address\":\"磐田市森下1002-3\",\"aliases\":[],\"coordinate\":{\"latitude\":34.721705,\"longitude\":137.821666},\"hours\":\"chain\",\"id\":\"toyoda\",\"municipality\":\"磐田市\",\"name\":\"豊田店\",\"postalCode\":\"438-0834\",\"region\":\"chuen\"}"},
        {"id":"cenova","position":19,"definition":"{\"address\":\"静岡市葵区鷹匠1-1-1 新静岡セノバ5階\",\"aliases\":[],\"coordinate\":{\"latitude\":34.975511,\"longitude\":138.386953},\"facility\":\"新静岡セノバ\",\"hours\":\"facility\",\"id\":\"cenova\",\"municipality\":\"静岡市\",\"name\":\"新静岡セノバ店\",\"postalCode\":\"420-8508\",\"region\":\"shizuoka\"}"},
        {"id":"shizuoka-senagawa","position":20,"definition":"{\"address\":\"静岡市葵区瀬名川2丁目39番37号\",\"aliases\":[],\"coordinate\":{\"latitude\":35.009088,\"longitude\":138.429364},\"hours\":\"chain\",\"id\":\"shizuoka-senagawa\",\"municipality\":\"静岡市\",\"name\":\"静岡瀬名川店\",\"postalCode\":\"420-0913\",\"region\":\"shizuoka\"}"},
        {"id":"shizuoka-ikeda","position":21,"definition":"{\"address\":\"静岡市駿河区池田634-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.979762,\"longitude\":138.423568},\"hours\":\"chain\",\"id\":\"shizuoka-ikeda\",\"municipality\":\"静岡市\",\"name\":\"静岡池田店\",\"postalCode\":\"422-8005\",\"region\":\"shizuoka\"}"},
        {"id":"shizuoka-ic","position":22,"definition":"{\"address\":\"静岡市駿河区中野新田387-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.949027,\"longitude\":138.389404},\"hours\":\"chain\",\"id\":\"shizuoka-ic\",\"municipality\":\"静岡市\",\"name\":\"静岡インター店\",\"postalCode\":\"422-8051\",\"region\":\"shizuoka\"}"},
        {"id":"yaizu","position":23,"definition":"{\"address\":\"焼津市東小川7-17-12\",\"aliases\":[],\"coordinate\":{\"latitude\":34.850994,\"longitude\":138.308478},\"hours\":\"chain\",\"id\":\"yaizu\",\"municipality\":\"焼津市\",\"name\":\"焼津店\",\"postalCode\":\"425-0035\",\"region\":\"shizuoka\"}"},
        {"id":"fujieda-tsukiji","position":24,"definition":"{\"address\":\"藤枝市築地520-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.859657,\"longitude\":138.273648},\"hours\":\"chain\",\"id\":\"fujieda-tsukiji\",\"municipality\":\"藤枝市\",\"name\":\"藤枝築地店\",\"postalCode\":\"426-0031\",\"region\":\"shizuoka\"}"},
        {"id":"shimada","position":25,"definition":"{\"address\":\"島田市祇園町8912-2\",\"aliases\":[],\"coordinate\":{\"latitude\":34.836295,\"longitude\":138.185459},\"hours\":\"chain\",\"id\":\"shimada\",\"municipality\":\"島田市\",\"name\":\"島田店\",\"postalCode\":\"427-0058\",\"region\":\"shizuoka\"}"},
        {"id":"yoshida","position":26,"definition":"{\"address\":\"榛原郡吉田町住吉696-1\",\"aliases\":[],\"coordinate\":{\"latitude\":34.76623,\"longitude\":138.249163},\"hours\":\"chain\",\"id\":\"yoshida\",\"municipality\":\"榛原郡吉田町\",\"name\":\"吉田店\",\"postalCode\":\"421-0301\",\"region\":\"shizuoka\"}"},
        {"id":"baydream-shimizu","position":27,"definition":"{\"address\":\"静岡市清水区\",\"aliases\":[],\"facility\":\"ベイドリーム清水\",\"hours\":\"facility\",\"id\":\"baydream-shimizu\",\"municipality\":\"静岡市\",\"name\":\"ベイドリーム清水店\",\"openedOn\":\"2025-11-01\",\"region\":\"shizuoka\",\"seats\":78}"},
        {"id":"gotemba-outlet","position":28,"definition":"{\"address\":\"御殿場市深沢1312 (ヒルサイドエリア)\",\"aliases\":[],\"coordinate\":{\"latitude\":35.305139,\"longitude\":138.965762},\"facility\":\"御殿場プレミアム・アウトレット\",\"hours\":\"outlet\",\"id\":\"gotemba-outlet\",\"municipality\":\"御殿場市\",\"name\":\"御殿場プレミアム・アウトレット店\",\"postalCode\":\"412-0023\",\"region\":\"tobu\"}"},
        {"id":"gotemba-ic","position":29,"definition":"{\"address\":\"御殿場市東田中984-1\",\"aliases\":[],\"coordinate\":{\"latitude\":35.300789,\"longitude\":138.93884},\"hours\":\"chain\",\"id\":\"gotemba-ic\",\"municipality\":\"御殿場市\",\"name\":\"御殿場インター店\",\"phone\":\"0550-82-8855\",\"postalCode\":\"412-0026\",\"region\":\"tobu\"}"},
        {"id":"kannami","position":30,"definition":"{\"address\":\"田方郡函南町上沢130-1\",\"aliases\":[],\"coordinate\":{\"latitude\":35.091808,\"longitude\":138.946655},\"hours\":\"chain\",\"id\":\"kannami\",\"municipality\":\"田方郡函南町\",\"name\":\"函南店\",\"phone\":\"055-979-5588\",\"postalCode\":\"419-0122\",\"region\":\"tobu\"}"},
        {"id":"nagaizumi","position":31,"definition":"{\"address\":\"駿東郡長泉町中土狩340-5\",\"aliases\":[],\"coordinate\":{\"latitude\":35.138576,\"longitude\":138.907782},\"hours\":\"chain\",\"id\":\"nagaizumi\",\"municipality\":\"駿東郡長泉町\",\"name\":\"長泉店\",\"postalCode\":\"411-0942\",\"region\":\"tobu\"}"},
        {"id":"numazu-gakuendori","position":32,"definition":"{\"address\":\"沼津市神田町6番26号\",\"aliases\":[],\"coordinate\":{\"latitude\":35.118026,\"longitude\":138.867142},\"hours\":\"chain\",\"id\":\"numazu-gakuendori\",\"municipality\":\"沼津市\",\"name\":\"沼津学園通り店\",\"postalCode\":\"410-0042\",\"region\":\"tobu\"}"},
        {"id":"fuji-takaoka","position":33,"definition":"{\"address\":\"富士市久沢847-11\",\"aliases\":[],\"coordinate\":{\"latitude\":35.194781,\"longitude\":138.648233},\"hours\":\"chain\",\"id\":\"fuji-takaoka\",\"municipality\":\"富士市\",\"name\":\"富士鷹岡店\",\"postalCode\":\"419-0202\",\"region\":\"tobu\"}"},
        {"id":"fuji-nishiki","position":34,"definition":"{\"address\":\"富士市錦町1丁目11-16\",\"aliases\":[],\"coordinate\":{\"latitude\":35.156417,\"longitude\":138.678923},\"hours\":\"chain\",\"id\":\"fuji-nishiki\",\"municipality\":\"富士市\",\"name\":\"富士錦店\",\"postalCode\":\"417-0045\",\"region\":\"tobu\"}"}
        ]
        """#
}
