import Charts
import Foundation
import Health
import HealthImport
import Hummingbird
import Services
import Storage

/// `/records/workouts`: the workouts Apple Health imports and Health Auto Export brought in — runs, rides,
/// swims, strength sessions — newest first, with time, distance and energy.
struct HealthWorkoutsWebController {
    let routes: WorkoutRouteService
    let pages: WebRenderer

    static let pageSize = 50

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("records/workouts", use: page)
        routes.get("records/workouts/{id}", use: detail)
        routes.get("records/workouts/{id}/route.gpx", use: gpx)
        return routes
    }

    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let userId = try user.savedId
        let language = context.language
        let strings = WebStrings.table(language)
        // A cursor that does not read (an old bookmark, a typo) shows the newest page rather than an error page.
        let cursor = request.uri.queryParameters["cursor"].flatMap { PageCursor(token: String($0)) }
        let page = try await routes.workouts(userId: userId, page: PageRequest(limit: Self.pageSize, cursor: cursor))
        let timeZone = user.resolvedTimeZone
        var values = pages.base(context, title: strings["hwTitle"]!, csrf: nil)
        values["navRecords"] = true
        values["workouts"] = page.items.map { workout -> [String: Any] in
            var row: [String: Any] = [
                "id": workout.id ?? 0,
                "when": WebFormatting.dateTime(workout.startAt, timeZone: timeZone),
                "name": WorkoutActivityName.of(workout.activityType).text(in: language),
                "duration": Self.duration(minutes: workout.durationMinutes ?? workout.endAt.timeIntervalSince(workout.startAt) / 60),
                "source": workout.sourceName,
            ]
            if let meters = workout.distanceMeters, meters > 0 { row["distance"] = Self.kilometres(meters) }
            if let energy = workout.energyKcal, energy > 0 { row["energy"] = "\(Int(energy.rounded())) kcal" }
            return row
        }
        values["hasWorkouts"] = !page.items.isEmpty
        if let next = page.nextCursor { values["older"] = next.token }
        values["newer"] = cursor != nil
        return pages.render("health-workouts", values)
    }

    /// `/records/workouts/{id}`: one workout with its totals, heart rate and, when it has one, its route drawn as a
    /// track with start and finish, its length and climb, and a GPX download.
    @Sendable func detail(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let language = context.language
        let strings = WebStrings.table(language)
        guard let id = context.parameters.get("id", as: Int64.self) else { throw ServiceError.notFound }
        let detail = try await routes.detail(workoutId: id, userId: try user.savedId)
        let workout = detail.workout
        let name = WorkoutActivityName.of(workout.activityType).text(in: language)
        var values = pages.base(context, title: name, csrf: nil)
        values["navRecords"] = true
        values["id"] = id
        values["name"] = name
        values["when"] = WebFormatting.dateTime(workout.startAt, timeZone: user.resolvedTimeZone)
        values["source"] = workout.sourceName
        values["duration"] = Self.duration(minutes: workout.durationMinutes ?? workout.endAt.timeIntervalSince(workout.startAt) / 60)
        if let meters = workout.distanceMeters, meters > 0 { values["distance"] = Self.kilometres(meters) }
        if let energy = workout.energyKcal, energy > 0 { values["energy"] = "\(Int(energy.rounded())) kcal" }
        let statistics = DatedJSON.decode([ImportedWorkoutStatistic].self, from: workout.statistics) ?? []
        if let total = statistics.first(where: { $0.type == "totalEnergy" })?.sum { values["totalEnergy"] = "\(Int(total.rounded())) kcal" }
        if let heart = statistics.first(where: { $0.metric == "heartRate" }), let average = heart.average {
            // "150 回/分（95–178）", "150 bpm (95–178)": the unit as the metric names it in the page's language.
            let unit = MetricCatalog.metric(named: "heartRate")?.unitLabel(in: language) ?? "bpm"
            let range = heart.minimum.flatMap { low in heart.maximum.map { (low: Int(low.rounded()), high: Int($0.rounded())) } }
            let bounds = range.map { language == .ja ? "（\($0.low)–\($0.high)）" : " (\($0.low)–\($0.high))" } ?? ""
            values["heartRate"] = "\(Int(average.rounded())) \(unit)\(bounds)"
        }
        values["hasRoute"] = !detail.points.isEmpty
        if !detail.points.isEmpty, let summary = detail.summary {
            values["routeSVG"] = RouteTrackChart(
                latitudes: detail.points.map(\.latitude), longitudes: detail.points.map(\.longitude),
                title: "\(strings["hwRouteMap"]!) — \(name)", startLabel: strings["hwRouteStart"]!, endLabel: strings["hwRouteEnd"]!,
                emptyMessage: strings["hwNoRoute"]!
            ).svg(id: "route-\(id)")
            values["routeDistance"] = Self.kilometres(summary.distanceMeters)
            if let ascent = summary.ascentMeters, let descent = summary.descentMeters {
                values["ascent"] = "\(Int(ascent.rounded())) m"
                values["descent"] = "\(Int(descent.rounded())) m"
            }
            if let low = summary.lowestElevation, let high = summary.highestElevation {
                values["elevationRange"] = "\(Int(low.rounded()))–\(Int(high.rounded())) m"
            }
            values["pointCount"] = summary.pointCount
        }
        return pages.render("health-workout", values)
    }

    /// `/records/workouts/{id}/route.gpx`: the route as a GPX 1.1 file, for any map or training app.
    @Sendable func gpx(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUser().savedId
        guard let id = context.parameters.get("id", as: Int64.self) else { throw ServiceError.notFound }
        return ExportResponse.gpx(try await routes.gpx(workoutId: id, userId: userId))
    }

    static func kilometres(_ meters: Double) -> String {
        String(format: "%.2f km", meters / 1000)
    }

    /// "42:10" for minutes and seconds, "1:05:00" past an hour: how workout apps show a session's length.
    static func duration(minutes: Double) -> String {
        let seconds = Int((minutes * 60).rounded())
        let (hours, rest) = seconds.quotientAndRemainder(dividingBy: 3_600)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, rest / 60, rest % 60)
            : String(format: "%d:%02d", rest / 60, rest % 60)
    }
}
