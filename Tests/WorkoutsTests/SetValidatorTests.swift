import Foundation
import Health
import Testing
@testable import Workouts

@Suite struct SetValidatorTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)
    let bench = ExerciseCatalog.all[0].id

    func input(weight: Double = 80, reps: Int = 5, rpe: Double? = nil, notes: String? = nil, at offset: TimeInterval = 0) -> SetInput {
        SetInput(exerciseId: bench, weight: weight, reps: reps, rpe: rpe, notes: notes, performedAt: now.addingTimeInterval(offset))
    }

    func code(_ input: SetInput) -> String? {
        do { _ = try SetValidator.validate(input, now: now); return nil } catch { return error.code }
    }

    @Test func limitsAreInclusive() throws {
        #expect(code(input(weight: 0, reps: 1)) == nil)
        #expect(code(input(weight: 1000, reps: 100, rpe: 10)) == nil)
        #expect(code(input(rpe: 1)) == nil)
        #expect(code(input(at: 24 * 3600)) == nil)
    }

    @Test func outOfRangeValuesAreRefusedWithTheirCode() {
        #expect(code(input(weight: -0.5)) == "invalid_weight")
        #expect(code(input(weight: 1000.5)) == "invalid_weight")
        #expect(code(input(weight: .nan)) == "invalid_weight")
        #expect(code(input(reps: -1)) == "invalid_reps")
        #expect(code(input(reps: 0)) == nil, "a failed attempt is a set: the contract sets no lower bound")
        #expect(code(input(reps: 101)) == "invalid_reps")
        #expect(code(input(rpe: 0.5)) == "invalid_rpe")
        #expect(code(input(rpe: 10.5)) == "invalid_rpe")
        #expect(code(input(at: 24 * 3600 + 1)) == "future_performed_at")
        #expect(code(input(notes: String(repeating: "x", count: 1001))) == "invalid_notes")
    }

    @Test func messagesSayWhatIsAcceptedInBothLanguages() {
        do {
            _ = try SetValidator.validate(input(weight: 1200), now: now)
            Issue.record("accepted 1200 kg")
        } catch {
            #expect(error.message.ja.contains("0〜1000 kg"))
            #expect(error.message.ja.contains("1200"))
            #expect(error.message.en.contains("between 0 and 1000 kg"))
            #expect(error.httpStatus == 400)
        }
    }

    @Test func blankNotesBecomeNoNotes() throws {
        #expect(try SetValidator.validate(input(notes: "  "), now: now).notes == nil)
        #expect(try SetValidator.validate(input(notes: " grip wider "), now: now).notes == "grip wider")
    }
}
