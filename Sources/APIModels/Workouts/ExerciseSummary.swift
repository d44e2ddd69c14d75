import Foundation

/// `Exercise` of the BulkTrack API (reference/bulktrack-api.md): what the server sends and the phone decodes.
/// `lastUsedAt` and `useCount` are written as `null`, never left out: the app decodes them.
public struct ExerciseSummary: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var isOfficial: Bool
    @ExplicitNull public var lastUsedAt: Date?
    @ExplicitNull public var useCount: Int?

    public init(id: String, name: String, isOfficial: Bool, lastUsedAt: Date? = nil, useCount: Int? = nil) {
        self.id = id
        self.name = name
        self.isOfficial = isOfficial
        self.lastUsedAt = lastUsedAt
        self.useCount = useCount
    }
}
