import Foundation
import Health
import Testing
@testable import Workouts

/// The rule that keeps a custom exercise from taking an official one's name: either language, whatever the case,
/// the width (full-width Latin, half-width katakana) or the spacing; another app's alias is not a name.
@Suite struct OfficialExerciseNameTests {
    @Test(arguments: ["Bench Press", "bench press", "BENCH-PRESS", "ＢＥＮＣＨ　ＰＲＥＳＳ", "ベンチプレス", "ﾍﾞﾝﾁﾌﾟﾚｽ", " ベンチ プレス "])
    func anOfficialNameIsFoundHoweverItIsTyped(_ typed: String) {
        #expect(ExerciseCatalog.official(named: typed)?.name.en == "Bench Press")
    }

    @Test func aliasesAndNewNamesAreFree() {
        #expect(ExerciseCatalog.official(named: "Split Squat") == nil, "an alias of Bulgarian Split Squat, and a lift of its own")
        #expect(ExerciseCatalog.official(named: "Zercher Squat") == nil)
        #expect(ExerciseCatalog.official(named: "ベンチプレス（自宅）")?.name.en == nil)
    }

    @Test func theRefusalNamesTheOfficialExerciseInBothLanguagesAs409() throws {
        let bench = try #require(ExerciseCatalog.official(named: "bench press"))
        let refusal = WorkoutError.officialExerciseName(bench)
        #expect(refusal.httpStatus == 409 && refusal.code == "official_exercise_name")
        #expect(refusal.message.ja.contains("「ベンチプレス」は公式の種目にあります"))
        #expect(refusal.message.en.contains("“Bench Press” is already an official exercise"))
    }
}
