import Testing
@testable import TaskSteps

@Suite struct ReorderingTests {
    @Test func aPermutationIsAccepted() throws {
        #expect(try Reordering.validated([3, 1, 2], current: [1, 2, 3]) == [3, 1, 2])
    }

    @Test func missingDuplicatedOrForeignIdsAreRefused() {
        #expect(throws: TaskStepsError.invalidOrder) { try Reordering.validated([1, 2], current: [1, 2, 3]) }
        #expect(throws: TaskStepsError.invalidOrder) { try Reordering.validated([1, 1, 2], current: [1, 2, 3]) }
        #expect(throws: TaskStepsError.invalidOrder) { try Reordering.validated([1, 2, 4], current: [1, 2, 3]) }
    }

    @Test func movingSwapsWithTheNeighbourAndStopsAtTheEnds() {
        #expect(Reordering.moving(2, .up, in: [1, 2, 3]) == [2, 1, 3])
        #expect(Reordering.moving(2, .down, in: [1, 2, 3]) == [1, 3, 2])
        #expect(Reordering.moving(1, .up, in: [1, 2, 3]) == [1, 2, 3])
        #expect(Reordering.moving(3, .down, in: [1, 2, 3]) == [1, 2, 3])
        #expect(Reordering.moving(9, .down, in: [1, 2, 3]) == [1, 2, 3])
    }
}
