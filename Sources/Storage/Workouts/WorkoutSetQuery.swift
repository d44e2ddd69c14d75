import Foundation

/// Filters for listing one user's sets, a page at a time (the BulkTrack API pages by offset).
public struct WorkoutSetQuery: Sendable, Equatable {
    public var day: String?
    public var exerciseId: String?
    public var newestFirst: Bool
    public var limit: Int
    public var offset: Int

    public init(day: String? = nil, exerciseId: String? = nil, newestFirst: Bool = true, limit: Int = 20, offset: Int = 0) {
        self.day = day
        self.exerciseId = exerciseId
        self.newestFirst = newestFirst
        self.limit = limit
        self.offset = offset
    }
}
