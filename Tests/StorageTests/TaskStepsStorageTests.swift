import Foundation
import GRDB
import Storage
import TaskSteps
import Testing

@Suite struct TaskStepsStorageTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    func makeUsers() async throws -> (AppDatabase, Int64, Int64) {
        let database = try AppDatabase.temporary()
        let alice = try await database.createUser(User(username: "alice", passwordHash: "x", createdAt: now))
        let bob = try await database.createUser(User(username: "bob", passwordHash: "x", createdAt: now))
        return (database, alice.id!, bob.id!)
    }

    @Test func aCreatedTaskComesBackWithItsStepsInOrder() async throws {
        let (database, alice, _) = try await makeUsers()
        let (task, created) = try await database.createTask(TaskDraft(title: "引っ越し", tags: ["home"], stepTitles: ["箱", "荷造り", "運ぶ"]), userId: alice, now: now)
        #expect(created)
        #expect(task.steps.map(\.title) == ["箱", "荷造り", "運ぶ"])
        #expect(task.steps.map(\.position) == [0, 1, 2])
        #expect(try await database.task(id: task.id, userId: alice)?.tags == ["home"])
    }

    @Test func aRetriedCreateWithTheSameClientIdAddsNothing() async throws {
        let (database, alice, _) = try await makeUsers()
        let draft = TaskDraft(title: "Run 5k", stepTitles: ["shoes"], clientId: "c-1")
        let first = try await database.createTask(draft, userId: alice, now: now)
        let second = try await database.createTask(draft, userId: alice, now: now.addingTimeInterval(5))
        #expect(!second.created)
        #expect(second.task.id == first.task.id)
        #expect(try await database.tasks(userId: alice).count == 1)
    }

    @Test func tickingTheLastStepCompletesTheTaskAndUntickingReopensIt() async throws {
        let (database, alice, _) = try await makeUsers()
        let task = try await database.createTask(TaskDraft(title: "t", stepTitles: ["a", "b"]), userId: alice, now: now).task
        let later = now.addingTimeInterval(60)
        _ = try await database.updateStep(taskId: task.id, stepId: task.steps[0].id, userId: alice, title: nil, done: true, now: now)
        let done = try #require(try await database.updateStep(taskId: task.id, stepId: task.steps[1].id, userId: alice, title: nil, done: true, now: later))
        #expect(done.isCompleted)
        #expect(done.completedAt == later)
        // Ticking it again (a retried tap) keeps the first completion time.
        let again = try #require(try await database.updateStep(taskId: task.id, stepId: task.steps[1].id, userId: alice, title: nil, done: true, now: later.addingTimeInterval(999)))
        #expect(again.steps[1].completedAt == later)
        let reopened = try #require(try await database.updateStep(taskId: task.id, stepId: task.steps[0].id, userId: alice, title: nil, done: false, now: later))
        #expect(!reopened.isCompleted)
        #expect(reopened.completedAt == nil)
        #expect(try await database.task(id: task.id, userId: alice)?.completedAt == nil)
    }

    @Test func addingAStepToACompletedTaskReopensIt() async throws {
        let (database, alice, _) = try await makeUsers()
        let task = try await database.createTask(TaskDraft(title: "t", stepTitles: ["a"]), userId: alice, now: now).task
        _ = try await database.updateStep(taskId: task.id, stepId: task.steps[0].id, userId: alice, title: nil, done: true, now: now)
        let added = try #require(try await database.addStep(taskId: task.id, userId: alice, title: "b", clientId: nil, now: now))
        #expect(!added.task.isCompleted)
        #expect(added.task.progress.percent == 50)
    }

    @Test func reorderAndDeleteKeepPositionsDense() async throws {
        let (database, alice, _) = try await makeUsers()
        var ids: [Int64] = []
        for title in ["a", "b", "c", "d"] {
            ids.append(try await database.createTask(TaskDraft(title: title), userId: alice, now: now).task.id)
        }
        let reordered = try await database.reorderTasks(userId: alice, order: [ids[3], ids[1], ids[0], ids[2]], now: now)
        #expect(reordered.map(\.title) == ["d", "b", "a", "c"])
        #expect(try await database.deleteTask(id: ids[1], userId: alice))
        let remaining = try await database.tasks(userId: alice)
        #expect(remaining.map(\.title) == ["d", "a", "c"])
        #expect(remaining.map(\.position) == [0, 1, 2])

        let task = try await database.createTask(TaskDraft(title: "s", stepTitles: ["1", "2", "3"]), userId: alice, now: now).task
        let stepIds = task.steps.map(\.id)
        _ = try await database.reorderSteps(taskId: task.id, userId: alice, order: [stepIds[2], stepIds[0], stepIds[1]], now: now)
        let afterDelete = try #require(try await database.deleteStep(taskId: task.id, stepId: stepIds[0], userId: alice, now: now))
        #expect(afterDelete.steps.map(\.title) == ["3", "2"])
        #expect(afterDelete.steps.map(\.position) == [0, 1])
    }

    @Test func anIncompleteOrderChangesNothing() async throws {
        let (database, alice, _) = try await makeUsers()
        let a = try await database.createTask(TaskDraft(title: "a"), userId: alice, now: now).task.id
        let b = try await database.createTask(TaskDraft(title: "b"), userId: alice, now: now).task.id
        await #expect(throws: TaskStepsError.invalidOrder) { try await database.reorderTasks(userId: alice, order: [b], now: now) }
        #expect(try await database.tasks(userId: alice).map(\.id) == [a, b])
    }

    @Test func anotherUsersTaskIsInvisibleAndUntouchable() async throws {
        let (database, alice, bob) = try await makeUsers()
        let task = try await database.createTask(TaskDraft(title: "private", stepTitles: ["x"]), userId: alice, now: now).task
        #expect(try await database.task(id: task.id, userId: bob) == nil)
        #expect(try await database.updateTask(id: task.id, userId: bob, change: TaskChange(title: "mine"), now: now) == nil)
        #expect(try await database.updateStep(taskId: task.id, stepId: task.steps[0].id, userId: bob, title: nil, done: true, now: now) == nil)
        #expect(try await database.addStep(taskId: task.id, userId: bob, title: "y", clientId: nil, now: now) == nil)
        #expect(try await !database.deleteTask(id: task.id, userId: bob))
        #expect(try await database.task(id: task.id, userId: alice)?.title == "private")
        #expect(try await database.task(id: task.id, userId: alice)?.steps.first?.isDone == false)
    }

    @Test func theHundredAndFirstStepIsRefused() async throws {
        let (database, alice, _) = try await makeUsers()
        let titles = (1...100).map { "step \($0)" }
        let task = try await database.createTask(TaskDraft(title: "big", stepTitles: titles), userId: alice, now: now).task
        await #expect(throws: TaskStepsError.tooManySteps(limit: 100)) {
            _ = try await database.addStep(taskId: task.id, userId: alice, title: "one more", clientId: nil, now: now)
        }
        #expect(try await database.task(id: task.id, userId: alice)?.steps.count == 100)
    }

    @Test func deletingTheAccountDeletesTasksAndSteps() async throws {
        let (database, alice, _) = try await makeUsers()
        _ = try await database.createTask(TaskDraft(title: "t", stepTitles: ["a"]), userId: alice, now: now)
        try await database.deleteUser(id: alice)
        let leftovers = try await database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT (SELECT COUNT(*) FROM stepTask) + (SELECT COUNT(*) FROM taskStep)")
        }
        #expect(leftovers == 0)
    }
}
