import Foundation
import Health
import Testing
@testable import TaskSteps

@Suite struct TaskRulesTests {
    @Test func titlesAreTrimmedAndMustNotBeEmpty() throws {
        #expect(try TaskRules.title("  引っ越しの準備  ", field: .task) == "引っ越しの準備")
        #expect(throws: TaskStepsError.emptyTitle(.task)) { try TaskRules.title(" \n ", field: .task) }
    }

    @Test func titlesCountCharactersAsPeopleDo() throws {
        let kanji = String(repeating: "漢", count: 200)
        #expect(try TaskRules.title(kanji, field: .step) == kanji)
        #expect(throws: TaskStepsError.titleTooLong(.step, limit: 200)) {
            try TaskRules.title(kanji + "字", field: .step)
        }
        let emoji = String(repeating: "👨‍👩‍👧", count: 200)
        #expect(try TaskRules.title(emoji, field: .step).count == 200)
    }

    @Test func errorsSpeakBothLanguages() {
        let error = TaskStepsError.tooManySteps(limit: 100)
        #expect(error.message.ja.contains("100"))
        #expect(error.message.en.contains("100"))
        #expect(error.httpStatus == 400)
    }

    @Test func stepLinesSkipBlanksAndStopAtTheLimit() throws {
        #expect(try TaskRules.stepTitles(fromLines: "箱を買う\n\n  荷造り \r\n") == ["箱を買う", "荷造り"])
        let tooMany = (1...101).map { "step \($0)" }.joined(separator: "\n")
        #expect(throws: TaskStepsError.tooManySteps(limit: 100)) { try TaskRules.stepTitles(fromLines: tooMany) }
    }

    @Test func tagsDeduplicateCaseInsensitivelyAndDropHashes() throws {
        #expect(try TaskRules.tags(fromField: "#home, Home 仕事、health") == ["home", "仕事", "health"])
        #expect(throws: TaskStepsError.invalidTag) { try TaskRules.tags([String(repeating: "x", count: 31)]) }
        #expect(throws: TaskStepsError.invalidTag) { try TaskRules.tags((1...11).map { "t\($0)" }) }
    }

    @Test func dueDatesMustBeRealDays() throws {
        #expect(try TaskRules.dueDate("2026-12-01") == LocalDay(year: 2026, month: 12, day: 1))
        #expect(try TaskRules.dueDate("") == nil)
        #expect(throws: TaskStepsError.invalidDueDate) { try TaskRules.dueDate("2026/12/01") }
        #expect(throws: TaskStepsError.invalidDueDate) { try TaskRules.dueDate("2026-2-3") }
    }

    /// A date written in the asked-for form that no calendar has is not told to use that form again.
    @Test func aDueDateThatDoesNotExistIsSaidToNotExist() throws {
        do {
            _ = try TaskRules.dueDate("2026-02-30")
            Issue.record("2026-02-30 was accepted")
        } catch {
            #expect(error.code == "invalid_due_date", "the API's code stays")
            #expect(error.message.ja == "期限の日付「2026-02-30」はありません（2026年2月は28日までで、30日はありません）。")
            #expect(error.message.en == "The due date 2026-02-30 does not exist (February 2026 has 28 days, not 30).")
        }
        #expect(throws: TaskStepsError.nonexistentDueDate("2026-13-01", problem: .month(13))) { try TaskRules.dueDate("2026-13-01") }
        #expect(try TaskRules.dueDate("2028-02-29") == LocalDay(year: 2028, month: 2, day: 29), "a leap day is a day")
    }
}
