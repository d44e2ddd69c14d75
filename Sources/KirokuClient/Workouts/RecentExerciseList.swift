import APIModels
import Foundation

/// Recently used exercises, most recent first, at most 100 (least recently used fall off). Updated locally the
/// moment a set is logged, so the quick-log list is right even offline; `merge` takes the server's list in.
public struct RecentExerciseList: Sendable, Equatable, Codable {
    public static let capacity = 100

    public private(set) var entries: [Entry] = []

    public struct Entry: Sendable, Equatable, Codable {
        public let exerciseId: String
        public var lastUsedAt: Date
        public var useCount: Int
    }

    public init() {}

    /// Marks an exercise used now: it moves to the front.
    public mutating func use(_ exerciseId: String, at date: Date) {
        var entry = Entry(exerciseId: exerciseId, lastUsedAt: date, useCount: 1)
        if let index = entries.firstIndex(where: { $0.exerciseId == exerciseId }) {
            entry.useCount = entries[index].useCount + 1
            entry.lastUsedAt = max(date, entries[index].lastUsedAt)
            entries.remove(at: index)
        }
        entries.insert(entry, at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    }

    /// Takes in the server's recent list; for an exercise known to both, the later use wins.
    public mutating func merge(_ server: [ExerciseSummary]) {
        for exercise in server {
            guard let used = exercise.lastUsedAt else { continue }
            if let index = entries.firstIndex(where: { $0.exerciseId == exercise.id }) {
                if entries[index].lastUsedAt >= used { continue }
                entries.remove(at: index)
            }
            entries.append(Entry(exerciseId: exercise.id, lastUsedAt: used, useCount: exercise.useCount ?? 1))
        }
        entries.sort { $0.lastUsedAt > $1.lastUsedAt }
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    }
}
