import Foundation
import Health
import HealthImport
import Storage

/// An imported workout with what it recorded along the way: its route (or part of it), the whole route's summary,
/// its heart-rate series.
public struct WorkoutDetail: Sendable {
    public let workout: HealthWorkoutRecord
    public let points: [RoutePoint]
    /// Of every point of the route, however few `points` holds; nil on the pages after the first (it was on the
    /// first).
    public let summary: RouteSummary?
    public let heartRates: [WorkoutHeartRate]
    /// `points` is an evenly spaced overview of a longer route (`summary.pointCount` points).
    public let pointsThinned: Bool
    /// When paging: where the next page starts, nil on the last one.
    public let nextCursor: PageCursor?
}

/// Which of a route's points an answer carries: an overview bounded in size, or exact points a page at a time.
public enum RoutePointSelection: Sendable, Equatable {
    case overview(maxPoints: Int)
    case page(cursor: PageCursor?, limit: Int)

    public static let standard = RoutePointSelection.overview(maxPoints: RouteThinning.defaultMaxPoints)
    public static let pageLimits = 1...10_000
}

/// Reads imported workouts and their routes for the workout pages, the JSON API and the GPX download. No answer
/// holds a long route whole: the JSON is thinned or paged and the GPX is written a page at a time.
public struct WorkoutRouteService: Sendable {
    public let database: AppDatabase
    /// Points per read while writing a GPX document.
    static let gpxChunk = 2_000

    public init(database: AppDatabase) {
        self.database = database
    }

    /// A page of the user's imported workouts (Apple Health, Health Auto Export), newest first.
    public func workouts(userId: Int64, page: PageRequest) async throws -> Page<HealthWorkoutRecord> {
        try await database.workouts(userId: userId, page: page)
    }

    /// The user's workout and its route's points as `selection` says (none when it has no route); another user's
    /// id is not found.
    public func detail(workoutId: Int64, userId: Int64, points selection: RoutePointSelection = .standard) async throws -> WorkoutDetail {
        guard let workout = try await database.workout(id: workoutId, userId: userId) else { throw ServiceError.notFound }
        let heartRates = DatedJSON.decode([WorkoutHeartRate].self, from: workout.heartRates) ?? []
        switch selection {
        case .overview(let maxPoints):
            let overview = try await database.routeOverview(userId: userId, workoutId: workoutId, maxPoints: maxPoints)
            return WorkoutDetail(workout: workout, points: overview.points, summary: overview.summary, heartRates: heartRates, pointsThinned: overview.thinned, nextCursor: nil)
        case .page(let cursor, let limit):
            let summary = cursor == nil ? try await database.routeSummary(userId: userId, workoutId: workoutId) : nil
            let page = try await database.routePoints(userId: userId, workoutId: workoutId, after: cursor, limit: limit)
            return WorkoutDetail(workout: workout, points: page.items, summary: summary, heartRates: heartRates, pointsThinned: false, nextCursor: page.nextCursor)
        }
    }

    /// The route as a GPX 1.1 download; a workout without a route, or another user's, is not found (checked here,
    /// before anything is sent).
    public func gpx(workoutId: Int64, userId: Int64) async throws -> GPXDownload {
        guard let workout = try await database.workout(id: workoutId, userId: userId) else { throw ServiceError.notFound }
        let first = try await database.routePoints(userId: userId, workoutId: workoutId, after: nil, limit: Self.gpxChunk)
        guard !first.items.isEmpty else { throw ServiceError.notFound }
        let name = WorkoutActivityName.of(workout.activityType).en
        // The day where the workout happened (its own UTC offset), as the person remembers it.
        let zone = TimeZone(secondsFromGMT: workout.utcOffsetSeconds ?? 0) ?? TimeZone(identifier: "UTC")!
        let day = Date.ISO8601FormatStyle(timeZone: zone).year().month().day().format(workout.startAt)
        let firstTime = try await database.firstRouteTime(userId: userId, workoutId: workoutId)
        return GPXDownload(
            fileName: "kiroku-workout-\(workoutId)-\(day).gpx", header: GPXWriter.header(name: "\(name) \(day)", type: name, firstTime: firstTime),
            firstPage: first, read: { cursor in try await database.routePoints(userId: userId, workoutId: workoutId, after: cursor, limit: Self.gpxChunk) }
        )
    }
}

/// A route's GPX document, written a page of points at a time so a 200,000-point route never sits in memory as
/// one string.
public struct GPXDownload: Sendable {
    public let fileName: String
    let header: String
    let firstPage: Page<RoutePoint>
    let read: @Sendable (PageCursor) async throws -> Page<RoutePoint>

    /// Hands the document to `sink` in pieces, in order.
    public func write(to sink: (String) async throws -> Void) async throws {
        try await sink(header)
        var page = firstPage
        while true {
            try await sink(GPXWriter.trackPoints(page.items))
            guard let cursor = page.nextCursor else { break }
            page = try await read(cursor)
        }
        try await sink(GPXWriter.footer)
    }
}
