import Foundation
import Health
import Testing
@testable import Workouts

/// Someone typing "べんちぷれす" (a Japanese keyboard starts in hiragana) or half-width "ﾍﾞﾝﾁﾌﾟﾚｽ" did not find
/// "ベンチプレス": names are now compared folded, in the search, the official-name check and a user's own duplicates.
@Suite struct ExerciseNameFoldTests {
    @Test(arguments: ["ベンチプレス", "べんちぷれす", "ﾍﾞﾝﾁﾌﾟﾚｽ", "へ\u{3099}んちぷれす", " ベンチプレス\u{3000}"])
    func widthAndKanaFoldToTheKatakanaName(_ typed: String) {
        // Scalars, not `==`: a key is compared byte by byte in SQLite, where "ﾌﾟ" left as フ + U+309A is another key.
        #expect(Array(ExerciseNameFold.fold(typed).unicodeScalars) == Array("ベンチプレス".unicodeScalars))
    }

    @Test func latinIsLowerCasedTrimmedAndItsSpacesCollapsed() {
        #expect(ExerciseNameFold.fold("  ＢＥＮＣＨ　 Press\t") == "bench press")
        #expect(ExerciseNameFold.fold("Push-Up") == "push-up", "punctuation is the catalogue match's business, not the fold's")
    }

    @Test func onlyHiraganaMoves() {
        // ゝ (U+309D), the long-vowel mark and kanji stay; ゖ (U+3096) is the last letter moved.
        #expect(ExerciseNameFold.fold("ゖゝー懸垂") == "ヶゝー懸垂")
        #expect(ExerciseNameFold.fold("") == "")
    }

    @Test func theSearchTheOfficialCheckAndTheMatchAllFold() {
        #expect(ExerciseCatalog.name("ベンチプレス", hasSearchPrefix: "べんち"))
        #expect(ExerciseCatalog.name("ベンチプレス", hasSearchPrefix: "ﾍﾞﾝﾁ"))
        #expect(ExerciseCatalog.name("Bench Press", hasSearchPrefix: "bench  p"))
        #expect(ExerciseCatalog.official(named: "べんちぷれす")?.name.en == "Bench Press")
        #expect(ExerciseCatalog.match(name: "すくわっと")?.name.en == "Squat")
        #expect(Array(ExerciseCatalog.matchKey("まいぷれす").unicodeScalars) == Array(ExerciseCatalog.matchKey("ﾏｲﾌﾟﾚｽ").unicodeScalars))
    }
}
