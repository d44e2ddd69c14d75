import Foundation
import Health
import Testing
@testable import Workouts

@Suite struct PersonalRecordTests {
    let bench = ExerciseCatalog.all[0].id

    func kinds(_ weight: Double, _ reps: Int, after previous: [Int: Double], formula: E1RMFormula = .epley) -> [PersonalRecord.Kind] {
        PersonalRecordDetector.records(for: (weight, reps), exerciseId: bench, previousMaxWeightByReps: previous, formula: formula).map(\.kind)
    }

    @Test func theFirstSetOfAnExerciseIsNotARecord() {
        #expect(kinds(100, 5, after: [:]).isEmpty)
    }

    @Test func heavierForTheSameRepsIsAllThreeRecords() {
        #expect(kinds(102.5, 5, after: [5: 100]) == [.e1rm, .weightForReps, .volume])
    }

    @Test func equallingTheBestIsNoRecord() {
        #expect(kinds(100, 5, after: [5: 100]).isEmpty)
    }

    @Test func moreRepsAtALowerWeightCanBeAnE1RMAndVolumeRecordOnly() {
        // Best so far 100×5: e1RM 116.67, volume 500. 90×8: e1RM 114 (no), volume 720 (yes); no 8-rep history.
        #expect(kinds(90, 8, after: [5: 100]) == [.volume])
        // 95×8: e1RM 120.33 > 116.67.
        #expect(kinds(95, 8, after: [5: 100]) == [.e1rm, .volume])
    }

    @Test func aHeavierSingleIsAWeightForRepsRecordWithoutBeatingTheE1RM() {
        // 110×1: e1RM 110 < 116.67, volume 110 < 500, but the best single was 105.
        #expect(kinds(110, 1, after: [5: 100, 1: 105]) == [.weightForReps])
    }

    @Test func aFailedAttemptOfZeroRepsIsNoRecordAndRaisesNoBar() {
        // A missed 180 kg lifted nothing: no e1RM of 180, no "180 kg for 0 reps".
        #expect(kinds(180, 0, after: [5: 100]).isEmpty)
        // And a real 105×5 after it is still the e1RM, weight and volume record it is over 100×5.
        #expect(kinds(105, 5, after: [5: 100, 0: 180]) == [.e1rm, .weightForReps, .volume])
        // Only failed attempts before: nothing to beat yet, like a first set.
        #expect(kinds(100, 5, after: [0: 180]).isEmpty)
    }

    @Test func theMessageNamesTheLiftAndTheOldBest() {
        let record = PersonalRecordDetector.records(for: (102.5, 5), exerciseId: bench, previousMaxWeightByReps: [5: 100], formula: .epley)[0]
        let message = record.message(exerciseName: ExerciseCatalog.all[0].name)
        #expect(message.ja.contains("ベンチプレス") && message.ja.contains("119.6") && message.ja.contains("116.7"))
        #expect(message.en.contains("Bench Press"))
    }
}
