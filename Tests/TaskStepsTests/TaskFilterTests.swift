import Health
import Testing
@testable import TaskSteps

@Suite struct TaskFilterTests {
    let today = LocalDay(year: 2026, month: 11, day: 22)

    var tasks: [StepTask] {
        [
            Fixtures.task(id: 1, done: 1, open: 1, due: today.adding(days: 2), tags: ["Home"]),
            Fixtures.task(id: 2, done: 2, open: 0, due: today.adding(days: 1)),
            Fixtures.task(id: 3, done: 0, open: 2, due: today.adding(days: -4), tags: ["work"]),
            Fixtures.task(id: 4, done: 0, open: 1, due: today.adding(days: 10)),
            Fixtures.task(id: 5, done: 0, open: 1, archived: true, tags: ["home"]),
        ]
    }

    func ids(_ filter: TaskFilter) -> [Int64] {
        filter.apply(tasks, today: today).map(\.id)
    }

    @Test func eachViewShowsTheTasksItNames() {
        #expect(ids(.all) == [1, 2, 3, 4])
        #expect(ids(.inProgress) == [1, 3, 4])
        #expect(ids(.completed) == [2])
        #expect(ids(.tagged("home")) == [1])
        #expect(ids(.archived) == [5])
    }

    @Test func dueSoonIncludesOverdueButNotCompletedOrDistantTasks() {
        #expect(ids(.dueSoon) == [1, 3])
    }

    @Test func queryNamesParse() {
        #expect(TaskFilter(name: "in-progress", tag: nil) == .inProgress)
        #expect(TaskFilter(name: nil, tag: "home") == .tagged("home"))
        #expect(TaskFilter(name: "bogus", tag: nil) == nil)
        #expect(TaskFilter(name: "bogus", tag: "home") == nil)
        #expect(TaskFilter(name: "", tag: nil) == nil, "an empty filter is not one of the documented names")
    }
}
