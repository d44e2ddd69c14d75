import Foundation

/// The BulkTrack API's shapes as a phone decodes them (the contract in reference/bulktrack-api.md).
public struct BulkTrackTokens: Codable, Sendable, Equatable {
    public let accessToken: String
    public let refreshToken: String
    public let expiresIn: Int
}

public struct ExerciseSummary: Codable, Sendable, Equatable, Identifiable {
    public let id: String
    public let name: String
    public let isOfficial: Bool
    public let lastUsedAt: Date?
    public let useCount: Int?

    public init(id: String, name: String, isOfficial: Bool, lastUsedAt: Date? = nil, useCount: Int? = nil) {
        self.id = id
        self.name = name
        self.isOfficial = isOfficial
        self.lastUsedAt = lastUsedAt
        self.useCount = useCount
    }
}

/// A set to log.
public struct NewSet: Codable, Sendable, Equatable {
    public var exerciseId: String
    public var weight: Double
    public var reps: Int
    public var rpe: Double?
    public var notes: String?
    public var performedAt: Date

    public init(exerciseId: String, weight: Double, reps: Int, rpe: Double? = nil, notes: String? = nil, performedAt: Date) {
        self.exerciseId = exerciseId
        self.weight = weight
        self.reps = reps
        self.rpe = rpe
        self.notes = notes
        self.performedAt = performedAt
    }
}

public struct LoggedSetSummary: Codable, Sendable, Equatable, Identifiable {
    public let id: String
    public let exerciseId: String
    public let setNumber: Int
    public let weight: Double
    public let reps: Int
    public let rpe: Double?
    public let notes: String?
    public let performedAt: Date
}

/// The contract's error body.
struct BulkTrackErrorBody: Decodable {
    let code: String
    let message: String
}
