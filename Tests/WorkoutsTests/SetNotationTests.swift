import Health
import Testing
@testable import Workouts

@Suite struct SetNotationTests {
    @Test(arguments: [("80x5", 80.0, 5), ("82.5×3", 82.5, 3), ("100 X 1", 100, 1), ("60kg x 10", 60, 10), ("72,5x8", 72.5, 8), ("0*12", 0, 12)])
    func readsWeightAndReps(text: String, weight: Double, reps: Int) throws {
        let parsed = try SetNotation.parse(text)
        #expect(parsed.weight == weight && parsed.reps == reps)
    }

    @Test(arguments: ["80", "x5", "80x", "80x5x3", "eighty x 5", "80x5.5"])
    func refusesWhatIsNotWeightTimesReps(text: String) {
        #expect(throws: WorkoutError.invalidSetText(text)) { try SetNotation.parse(text) }
    }
}
