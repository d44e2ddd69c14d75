import Foundation
import Health

/// What happened to a goal, for the goal's history list.
public enum GoalEvent: Sendable, Hashable, Codable {
    case created(target: Double)
    case achieved
    /// The user changed the target, usually by accepting an adjustment suggestion.
    case targetChanged(from: Double, to: Double)
    /// The user stopped the goal; history keeps it so nothing the user did disappears.
    case abandoned
    /// The deadline passed before the goal was met: said plainly, never as a failure to be punished.
    case deadlinePassed
}

/// One line of a goal's history.
public struct GoalHistoryEntry: Sendable, Hashable, Codable {
    public let goalID: String
    public let day: LocalDay
    public let event: GoalEvent

    public init(goalID: String, day: LocalDay, event: GoalEvent) {
        self.goalID = goalID
        self.day = day
        self.event = event
    }
}

extension Goal {
    /// The entries a fresh evaluation adds to `history` on `today`: "achieved" the first time it is met, and
    /// "deadline passed" once, the day after the deadline, if it was not. Nothing is written twice.
    public func newHistoryEntries(after evaluation: GoalEvaluation, today: LocalDay, history: [GoalHistoryEntry]) -> [GoalHistoryEntry] {
        let mine = history.filter { $0.goalID == id }
        let closed = mine.contains { $0.event == .achieved || $0.event == .abandoned || $0.event == .deadlinePassed }
        guard isActive, !closed else { return [] }
        if evaluation.status == .achieved {
            return [GoalHistoryEntry(goalID: id, day: today, event: .achieved)]
        }
        if let deadline, deadline < today {
            return [GoalHistoryEntry(goalID: id, day: today, event: .deadlinePassed)]
        }
        return []
    }
}
