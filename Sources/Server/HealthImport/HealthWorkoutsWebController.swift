import Foundation
import Health
import HealthImport
import Hummingbird
import Storage

/// `/records/workouts`: the workouts Apple Health imports and Health Auto Export brought in — runs, rides,
/// swims, strength sessions — newest first, with time, distance and energy.
struct HealthWorkoutsWebController {
    let database: AppDatabase
    let pages: WebRenderer

    static let pageSize = 50

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("records/workouts", use: page)
        return routes
    }

    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let userId = try user.savedId
        let language = context.language
        let strings = WebStrings.table(language)
        // A cursor that does not read (an old bookmark, a typo) shows the newest page rather than an error page.
        let cursor = request.uri.queryParameters["cursor"].flatMap { PageCursor(token: String($0)) }
        let page = try await database.workouts(userId: userId, page: PageRequest(limit: Self.pageSize, cursor: cursor))
        let timeZone = user.resolvedTimeZone
        var values = pages.base(context, title: strings["hwTitle"]!, csrf: nil)
        values["navRecords"] = true
        values["workouts"] = page.items.map { workout -> [String: Any] in
            var row: [String: Any] = [
                "when": WebFormatting.dateTime(workout.startAt, timeZone: timeZone),
                "name": WorkoutActivityName.of(workout.activityType).text(in: language),
                "duration": Self.duration(minutes: workout.durationMinutes ?? workout.endAt.timeIntervalSince(workout.startAt) / 60),
                "source": workout.sourceName,
            ]
            if let meters = workout.distanceMeters, meters > 0 { row["distance"] = String(format: "%.2f km", meters / 1000) }
            if let energy = workout.energyKcal, energy > 0 { row["energy"] = "\(Int(energy.rounded())) kcal" }
            return row
        }
        values["hasWorkouts"] = !page.items.isEmpty
        if let next = page.nextCursor { values["older"] = next.token }
        values["newer"] = cursor != nil
        return pages.render("health-workouts", values)
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
