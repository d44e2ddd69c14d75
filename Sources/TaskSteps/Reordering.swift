import Foundation

/// Reordering takes the complete new order. Sending the full list (rather than "move X by one") makes a retry
/// land in the same place and lets a stale page be detected instead of scrambling the list.
public enum Reordering {
    /// Checks that `requested` is a permutation of `current` and returns it.
    public static func validated(_ requested: [Int64], current: [Int64]) throws(TaskStepsError) -> [Int64] {
        guard requested.count == current.count, Set(requested).count == requested.count, Set(requested) == Set(current)
        else { throw .invalidOrder }
        return requested
    }

    /// The order after moving one item one place up (towards the start) or down; unchanged at either end.
    public static func moving(_ id: Int64, _ direction: Direction, in order: [Int64]) -> [Int64] {
        guard let index = order.firstIndex(of: id) else { return order }
        let target = direction == .up ? index - 1 : index + 1
        guard order.indices.contains(target) else { return order }
        var moved = order
        moved.swapAt(index, target)
        return moved
    }

    public enum Direction: String, Sendable, CaseIterable {
        case up
        case down
    }
}
