import Foundation
import Health
import Motivation
import Storage
import TaskSteps

/// A goal broken into a step task (the step tasks' `goalId`): four steps at a quarter, half, three quarters and all of
/// the way from the goal's start to its target, each ticked by itself once the goal's progress reaches it.
extension MotivationService {
    static let stepMarks: [Double] = [25, 50, 75, 100]

    /// The goal's step task, made the first time it is asked for (asking again returns the same task).
    public func stepTask(forGoal goalId: Int64, userId: Int64, now: Date) async throws -> StepTask {
        guard let standing = try await goals(userId: userId, now: now).first(where: { $0.row.id == goalId }) else { throw ServiceError.notFound }
        if let existing = try await database.tasks(userId: userId).first(where: { $0.goalId == goalId }) { return existing }
        let metric = MetricCatalog.metric(named: standing.row.metric)
        let language = try await user(userId).language.flatMap(Language.init(rawValue:)) ?? .ja
        let unit = metric?.unitLabel(in: language) ?? ""
        let name = metric?.name ?? LocalizedText(ja: standing.row.metric, en: standing.row.metric)
        let start = standing.goal.startValue, target = standing.goal.target
        // With the metric's own decimals, as everywhere else it is shown: "2250 歩", not "2250.0 歩".
        let text: (Double) -> String = { metric?.format($0) ?? String(format: "%.1f", $0) }
        let steps = Self.stepMarks.map { mark -> String in
            "\(Int(mark)) % — \(text(start + (target - start) * mark / 100)) \(unit)"
        }
        let title = "\(name.text(in: language)) → \(text(target)) \(unit)"
        let task = try await database.createTask(TaskDraft(title: title, stepTitles: steps, goalId: goalId), userId: userId, now: now).task
        try await tickGoalSteps(userId: userId, now: now)
        return try await database.task(id: task.id, userId: userId) ?? task
    }

    public func hasStepTask(forGoal goalId: Int64, userId: Int64) async throws -> Bool {
        try await database.tasks(userId: userId).contains { $0.goalId == goalId }
    }

    /// Ticks every goal task's steps the goal's progress has reached. Steps are never unticked here: a person may
    /// have ticked one by hand, and a bad week does not take a reached milestone away.
    public func tickGoalSteps(userId: Int64, now: Date) async throws {
        let tasks = try await database.tasks(userId: userId).filter { $0.goalId != nil }
        guard !tasks.isEmpty else { return }
        let standings = try await goals(userId: userId, now: now)
        for task in tasks {
            guard let progress = standings.first(where: { $0.row.id == task.goalId })?.evaluation?.progressPercent else { continue }
            for (index, step) in task.steps.enumerated() where index < Self.stepMarks.count && step.completedAt == nil && progress >= Self.stepMarks[index] {
                _ = try await database.updateStep(taskId: task.id, stepId: step.id, userId: userId, title: nil, done: true, now: now)
            }
        }
    }
}
