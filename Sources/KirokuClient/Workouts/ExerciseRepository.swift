import APIModels
import Foundation

/// The exercise list, cache-first: a list younger than 24 hours is served without asking the server; an older one
/// is refreshed, and if the server cannot be reached the old list is served anyway (marked stale). Creating a
/// custom exercise invalidates the cache so the next read includes it. With a file, the cache survives restarts
/// (the design kept it in CoreData; a JSON file does that job here).
public actor ExerciseRepository {
    /// Where a list came from.
    public enum Source: Sendable, Equatable {
        case network, cache, staleCache
    }

    public static let lifetime: TimeInterval = 24 * 3600

    struct Snapshot: Codable {
        var exercises: [ExerciseSummary]
        var fetchedAt: Date
    }

    let api: BulkTrackAPI
    let file: URL?
    let now: @Sendable () -> Date
    private var snapshot: Snapshot?

    public init(api: BulkTrackAPI, file: URL? = nil, now: @escaping @Sendable () -> Date = { Date() }) {
        self.api = api
        self.file = file
        self.now = now
        if let file, let data = try? Data(contentsOf: file) {
            snapshot = try? ClientJSON.fileDecoder().decode(Snapshot.self, from: data)
        }
    }

    /// All exercises (official and the user's own), and where they came from.
    public func exercises() async throws -> (exercises: [ExerciseSummary], source: Source) {
        if let snapshot, now().timeIntervalSince(snapshot.fetchedAt) < Self.lifetime {
            return (snapshot.exercises, .cache)
        }
        do {
            var all: [ExerciseSummary] = []
            while true {
                let page = try await api.exercises(limit: 100, offset: all.count)
                all += page
                if page.count < 100 { break }
            }
            save(Snapshot(exercises: all, fetchedAt: now()))
            return (all, .network)
        } catch let error as BulkTrackClientError where error.isRetryable {
            guard let snapshot else { throw error }
            return (snapshot.exercises, .staleCache)
        }
    }

    /// Creates a custom exercise and invalidates the cached list.
    public func createCustomExercise(name: String) async throws -> ExerciseSummary {
        let created = try await api.createExercise(name: name)
        invalidate()
        return created
    }

    public func invalidate() {
        snapshot = nil
        if let file { try? FileManager.default.removeItem(at: file) }
    }

    private func save(_ snapshot: Snapshot) {
        self.snapshot = snapshot
        if let file, let data = try? ClientJSON.fileEncoder().encode(snapshot) { try? data.write(to: file, options: .atomic) }
    }
}
