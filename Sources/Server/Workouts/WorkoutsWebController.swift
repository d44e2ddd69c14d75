import Charts
import Foundation
import Health
import Hummingbird
import Services
import Storage
import Workouts

/// `/workouts`: log a set in at most three taps, today's sets by exercise, weekly charts, history by date.
struct WorkoutsWebController {
    let workouts: WorkoutService
    let pages: WebRenderer
    let csrf: CSRFProtection

    static let spans: [WeekSpan] = [.w4, .w12, .w24, .w52]

    /// A span in words ("4週間", "4 weeks"): "4w" reads as nothing in Japanese.
    static func spanLabel(_ span: WeekSpan) -> LocalizedText {
        LocalizedText(ja: "\(span.weeks)週間", en: span.weeks == 1 ? "1 week" : "\(span.weeks) weeks")
    }
    static let historyPageSize = 10

    struct SetForm: Decodable {
        var exerciseId: String?
        var weight: String?
        var reps: String?
        var rpe: String?
        var notes: String?
        var when: String?
        /// A random key per rendered form: a double tap sends the same key twice, and the set is stored once.
        var key: String?
        var csrf: String?
    }

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("workouts") { request, context -> Response in
            return try await page(request: request, context: context)
        }
        routes.post("workouts/sets", use: logSet)
        routes.post("workouts/sets/{id}/delete", use: deleteSet)
        routes.get("workouts/day/{date}", use: dayPage)
        return routes
    }

    func page(request: Request, context: AppRequestContext, form: SetForm? = nil, error: String? = nil) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let userId = try user.savedId
        let language = context.language
        let strings = WebStrings.table(language)
        let parameters = request.uri.queryParameters
        let now = context.now
        let directory = try await workouts.exerciseDirectory(userId: userId)
        var values = pages.base(context, title: strings["woTitle"]!, csrf: csrf.token(for: request, context: context).token)
        values["navWorkouts"] = true
        if let error { values["error"] = error }
        if parameters["deleted"] != nil { values["notice"] = strings["woDeleted"] }

        // Tap 1 picks a recent exercise (or one from the list); its last set fills weight and reps. The one-tap repeat
        // offers the last set with reps, not a failed one ("150 kg × 0"); an exercise with only failed sets has none.
        let recents = try await workouts.recentExercises(userId: userId, limit: 8, offset: 0)
        var recentRows: [[String: Any]] = []
        for (exercise, _) in recents {
            guard let last = try await workouts.lastSet(userId: userId, exerciseId: exercise.id, minimumReps: 1) else { continue }
            recentRows.append([
                "id": exercise.id.uuidString.lowercased(), "name": exercise.name.text(in: language),
                "weight": Self.number(last.weight), "reps": last.reps,
            ])
        }
        values["recents"] = recentRows
        values["formKey"] = UUID().uuidString.lowercased()
        values["hasRecents"] = !recentRows.isEmpty
        let chosenId = form?.exerciseId ?? parameters["exercise"].map(String.init) ?? recentRows.first?["id"] as? String
        let chosen = chosenId.flatMap(UUID.init(uuidString:)).flatMap { directory[$0] }
        var lastOfChosen: WorkoutSetRecord?
        if let chosen { lastOfChosen = try await workouts.lastSet(userId: userId, exerciseId: chosen.id) }
        values["form"] = [
            "weight": form?.weight ?? lastOfChosen.map { Self.number($0.weight) } ?? "",
            "reps": form?.reps ?? lastOfChosen.map { String($0.reps) } ?? "",
            "rpe": form?.rpe ?? "", "notes": form?.notes ?? "", "when": form?.when ?? "",
        ]
        values["exercises"] = directory.values
            .sorted { ($0.isOfficial ? 1 : 0, $0.name.text(in: language)) < ($1.isOfficial ? 1 : 0, $1.name.text(in: language)) }
            .map { ["id": $0.id.uuidString.lowercased(), "name": $0.name.text(in: language), "selected": $0.id == chosen?.id] }

        // Back from the add-exercise form (`CustomExerciseWebController`), the new exercise chosen above.
        if parameters["added"] != nil, let chosen, !chosen.isOfficial { values["notice"] = CustomExerciseWebController.added(chosen).text(in: language) }
        if let logged = parameters["logged"].map(String.init), let set = try await workouts.set(id: logged, userId: userId) {
            values["notice"] = strings["woLogged"]
            values["records"] = try await personalRecords(of: set, userId: userId, directory: directory, language: language)
        }

        let timeZone = user.resolvedTimeZone
        let today = LocalDay(now, in: timeZone)
        if let day = try await workouts.day(today, userId: userId) {
            values["today"] = Self.exerciseRows(day, language: language)
        }

        let span = parameters["span"].flatMap { WeekSpan(rawValue: String($0)) } ?? .w12
        let dashboard = try await workouts.dashboard(user: user, span: span, now: now)
        values["spans"] = Self.spans.map { option -> [String: Any] in
            ["id": option.rawValue, "label": Self.spanLabel(option).text(in: context.language), "current": option == span]
        }
        values["thisWeek"] = Self.total(dashboard.thisWeek.totalVolume)
        values["lastWeek"] = Self.total(dashboard.lastWeek.totalVolume)
        values["volumeChart"] = WorkoutCharts.weekly(dashboard, strings: strings, language: language)
        values["e1rmCharts"] = WorkoutCharts.e1rm(dashboard, directory: directory, timeZone: timeZone, strings: strings, language: language)

        let offset = max(0, parameters["history"].flatMap { Int($0) } ?? 0)
        let history = try await workouts.history(userId: userId, limit: Self.historyPageSize + 1, offset: offset)
        let shown = history.prefix(Self.historyPageSize)
        var sessions: [LocalDay: [String]] = [:]
        if let newest = shown.first?.day, let oldest = shown.last?.day {
            sessions = try await HealthStrengthSessions(workouts: workouts)
                .lines(userId: userId, from: oldest, to: newest, timeZone: timeZone, language: language)
        }
        values["history"] = shown.map { summary -> [String: Any] in
            [
                "date": summary.day.description,
                "names": summary.exerciseIds.compactMap { directory[$0]?.name.text(in: language) }.joined(separator: "・"),
                "volume": Self.total(summary.totalVolume), "sets": summary.setCount,
                "setsUnit": strings[summary.setCount == 1 ? "woSet" : "woSets"] ?? "",
                "sessions": sessions[summary.day] ?? [],
            ]
        }
        if history.count > Self.historyPageSize { values["olderHistory"] = offset + Self.historyPageSize }
        values["span"] = span.rawValue
        return pages.render("workouts", values, status: error == nil ? .ok : .badRequest)
    }

    /// The records a set set, recomputed by the service (the redirect only carries the set's id).
    func personalRecords(of set: WorkoutSetRecord, userId: Int64, directory: [UUID: Exercise], language: Language) async throws -> [String] {
        let records = try await workouts.personalRecords(of: set, userId: userId)
        guard let exercise = directory[try set.logged().exerciseId] else { return [] }
        return records.map { $0.message(exerciseName: exercise.name).text(in: language) }
    }

    static func exerciseRows(_ day: WorkoutDay, language: Language) -> [[String: Any]] {
        day.exercises.map { part in
            [
                "name": part.exercise.name.text(in: language),
                "volume": total(part.totalVolume),
                "avgRM": number(part.avgRM),
                "sets": part.sets.map { set -> [String: Any] in
                    var row: [String: Any] = ["id": set.id.uuidString.lowercased(), "number": set.setNumber, "weight": number(set.weight), "reps": set.reps]
                    if let rpe = set.rpe { row["rpe"] = number(rpe) }
                    if let notes = set.notes { row["notes"] = notes }
                    return row
                },
                "hasMuscles": !part.muscleVolume.isEmpty,
                "muscles": part.muscleVolume.map { ["name": $0.group.name.text(in: language), "volume": total($0.effectiveVolume)] },
            ]
        }
    }

    @Sendable func logSet(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: SetForm.self, context: context)
        let language = context.language
        func fail(_ message: LocalizedText) async throws -> Response {
            try await page(request: request, context: context, form: form, error: message.text(in: language))
        }
        guard let exerciseId = form.exerciseId.flatMap(UUID.init(uuidString:)) else { return try await fail(WorkoutError.unknownExercise.message) }
        let weightText = Self.decimalText(form.weight)
        guard let weight = Double(weightText) else { return try await fail(WorkoutError.unreadableWeight(weightText).message) }
        let repsText = Self.decimalText(form.reps)
        guard let reps = Int(repsText) else { return try await fail(WorkoutError.unreadableReps(repsText).message) }
        let rpeText = Self.decimalText(form.rpe)
        var rpe: Double?
        if !rpeText.isEmpty {
            guard let value = Double(rpeText) else { return try await fail(WorkoutError.unreadableRPE(rpeText).message) }
            rpe = value
        }
        var performedAt = context.now
        // Left empty, the time is `now`, which a double tap's second post cannot repeat: not compared on a retry.
        var performedAtGiven = false
        if let when = form.when?.trimmingCharacters(in: .whitespaces), !when.isEmpty {
            do throws(FormDateError) {
                performedAt = try WebFormatting.parseLocalDateTime(when, timeZone: user.resolvedTimeZone)
                performedAtGiven = true
            } catch {
                return try await fail(error.message)
            }
        }
        do {
            let outcome = try await workouts.logSet(
                SetInput(exerciseId: exerciseId, weight: weight, reps: reps, rpe: rpe, notes: form.notes, performedAt: performedAt),
                user: user, idempotencyKey: form.key.flatMap { $0.isEmpty ? nil : "web:" + String($0.prefix(64)) },
                performedAtGiven: performedAtGiven, now: context.now
            )
            return .redirect(to: "/workouts?exercise=\(outcome.set.exerciseId)&logged=\(outcome.set.id)")
        } catch let error as WorkoutError {
            return try await fail(error.message)
        } catch is IdempotencyKeyReused {
            // The form's key names the header the API speaks of; the page says what happened in its own words.
            return try await fail(Self.formSentWithOtherValues)
        }
    }

    /// A form posted again with its key after its values were changed (back, edit, send): the page comes back with a
    /// fresh key and the values kept, so sending it once more stores the new set.
    static let formSentWithOtherValues = LocalizedText(
        ja: "このフォームは別の内容ですでに送信されています。内容を確認して、もう一度送信してください。",
        en: "This form was already sent with other values. Check the values and send it again."
    )

    @Sendable func deleteSet(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id").flatMap(UUID.init(uuidString:)),
              try await workouts.deleteSet(id: id.uuidString.lowercased(), userId: userId, now: context.now)
        else { throw APIError.notFound }
        return .redirect(to: "/workouts?deleted=1")
    }

    @Sendable func dayPage(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let userId = try user.savedId
        guard let date = context.parameters.get("date").flatMap(LocalDay.init),
              let day = try await workouts.day(date, userId: userId)
        else { throw APIError.notFound }
        let strings = WebStrings.table(context.language)
        var values = pages.base(context, title: "\(strings["woTitle"]!) \(date)", csrf: csrf.token(for: request, context: context).token)
        values["navWorkouts"] = true
        values["date"] = date.description
        values["volume"] = Self.total(day.totalVolume)
        values["avgRM"] = Self.number(day.avgRM)
        values["exercises"] = Self.exerciseRows(day, language: context.language)
        let sessions = try await HealthStrengthSessions(workouts: workouts)
            .lines(userId: userId, from: date, to: date, timeZone: user.resolvedTimeZone, language: context.language)[date] ?? []
        values["sessions"] = sessions
        values["hasSessions"] = !sessions.isEmpty
        return pages.render("workouts-day", values)
    }

    /// Form numbers: trimmed, a decimal comma accepted (phones in many locales type one).
    static func decimalText(_ text: String?) -> String {
        WebFormatting.typedNumber(text)
    }

    /// A total for reading, thousands grouped (12,345 kg); `number` is for what a form shows and reads back.
    static func total(_ value: Double) -> String {
        WeightText.grouped(value)
    }

    static func number(_ value: Double) -> String {
        WeightText.format(value)
    }
}
