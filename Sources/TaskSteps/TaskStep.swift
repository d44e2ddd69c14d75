import Foundation

/// One small step of a task. Done exactly when it has a completion instant.
public struct TaskStep: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var title: String
    public var position: Int
    public var completedAt: Date?

    public init(id: Int64, title: String, position: Int, completedAt: Date? = nil) {
        self.id = id
        self.title = title
        self.position = position
        self.completedAt = completedAt
    }

    public var isDone: Bool { completedAt != nil }
}
