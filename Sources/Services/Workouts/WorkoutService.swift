import Foundation
import Health
import Storage
import Workouts

/// The Workouts rules shared by the BulkTrack API, the web page and the CLI: logging, editing and listing sets,
/// exercises, dashboards, history, personal records, import and export. Every call is for one owner.
public struct WorkoutService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// A stored set with the records it set (empty for retries and edits).
    public struct LoggedOutcome: Sendable {
        public let set: WorkoutSetRecord
        public let created: Bool
        public let records: [PersonalRecord]
    }

    // MARK: Exercises

    /// The official exercise or the user's own custom one with this id.
    public func exercise(id: UUID, userId: Int64) async throws -> Exercise? {
        if let official = ExerciseCatalog.exercise(id: id) { return official }
        return try await database.customExercise(id: id.uuidString.lowercased(), userId: userId)?.exercise()
    }

    /// The exercises the user made, in name order, as stored (name and its folded key).
    public func customExercises(userId: Int64) async throws -> [WorkoutCustomExercise] {
        try await database.customExercises(userId: userId)
    }

    /// Official plus custom exercises, resolved by id, for building pages and answers.
    public func exerciseDirectory(userId: Int64) async throws -> [UUID: Exercise] {
        var directory = Dictionary(uniqueKeysWithValues: ExerciseCatalog.all.map { ($0.id, $0) })
        for custom in try await customExercises(userId: userId) {
            let exercise = try custom.exercise()
            directory[exercise.id] = exercise
        }
        return directory
    }

    /// Exercises whose name in `language` starts with `prefix`, official and the user's own, sorted by that name.
    public func searchExercises(userId: Int64, prefix: String, language: Language, limit: Int, offset: Int) async throws -> [Exercise] {
        let all = try await exerciseDirectory(userId: userId).values
            .filter { ExerciseCatalog.name($0.name.text(in: language), hasSearchPrefix: prefix) }
            .sorted { ($0.name.text(in: language), $0.id.uuidString) < ($1.name.text(in: language), $1.id.uuidString) }
        return Array(all.dropFirst(offset).prefix(limit))
    }

    /// A new custom exercise, or the caller's own of that name; an official exercise's name is refused
    /// (`officialExerciseName`). Custom exercises stored under such a name before that rule stay as they are.
    public func createCustomExercise(userId: Int64, name: String, now: Date) async throws -> (exercise: Exercise, created: Bool) {
        let name = try SetValidator.exerciseName(name)
        if let official = ExerciseCatalog.official(named: name) { throw WorkoutError.officialExerciseName(official) }
        let stored = try await database.insertCustomExercise(WorkoutCustomExercise(userId: userId, name: name, createdAt: now))
        return (try stored.exercise.exercise(), stored.created)
    }

    /// The exercise an imported or typed name means: the catalog's, else the user's custom one (created if new).
    public func resolveExercise(named name: String, userId: Int64, now: Date) async throws -> Exercise {
        if let official = ExerciseCatalog.match(name: name) { return official }
        return try await createCustomExercise(userId: userId, name: name, now: now).exercise
    }

    /// Recently used exercises, most recent first, with their usage.
    public func recentExercises(userId: Int64, limit: Int, offset: Int) async throws -> [(exercise: Exercise, usage: WorkoutExerciseUsage)] {
        let usage = try await database.recentExerciseUsage(userId: userId, limit: limit, offset: offset)
        let directory = try await exerciseDirectory(userId: userId)
        return usage.compactMap { entry in UUID(uuidString: entry.exerciseId).flatMap { directory[$0] }.map { ($0, entry) } }
    }

    // MARK: Sets

    /// Beaten records go to the user's inbox as one message. A first set of an exercise beats nothing earlier, so
    /// it is celebrated on the page but not posted: the inbox would otherwise fill up with every new exercise.
    static func inboxMessage(_ records: [PersonalRecord], exercise: Exercise, userId: Int64, now: Date) -> InboxMessage? {
        let beaten = records.filter { $0.previous > 0 }
        guard !beaten.isEmpty else { return nil }
        let lines = beaten.map { $0.message(exerciseName: exercise.name) }
        return InboxMessage(
            userId: userId, createdAt: now, kind: "personal-record",
            title: LocalizedText(ja: "自己ベスト更新: \(exercise.name.ja)", en: "New personal record: \(exercise.name.en)"),
            body: LocalizedText(ja: lines.map(\.ja).joined(separator: "\n"), en: lines.map(\.en).joined(separator: "\n"))
        )
    }

    /// Validates and stores a set; with an idempotency key seen before, returns the set stored then if this is a
    /// retry of it (`SetRetry`) and refuses with `IdempotencyKeyReused` if it is another set; with the key of a set
    /// since deleted refuses with `setDeleted` (the set is not made again). Everything is checked and computed first,
    /// and the set and its inbox message are written in one transaction: a request that fails stores nothing.
    /// `performedAtGiven` is false when `input.performedAt` is `now` standing in for a time the client left out.
    public func logSet(
        _ input: SetInput, user: User, idempotencyKey: String?, performedAtGiven: Bool = true, now: Date
    ) async throws -> LoggedOutcome {
        let input = try SetValidator.validate(input, now: now)
        let userId = try user.savedId
        guard let exercise = try await exercise(id: input.exerciseId, userId: userId) else { throw WorkoutError.unknownExercise }
        let record = WorkoutSetRecord(userId: userId, input: input, day: LocalDay(input.performedAt, in: user.resolvedTimeZone), now: now)
        let previous = try await database.maxWeightByReps(userId: userId, exerciseId: record.exerciseId, excluding: record.id)
        let records = PersonalRecordDetector.records(
            for: (record.weight, record.reps), exerciseId: input.exerciseId, previousMaxWeightByReps: previous,
            formula: try await formula(userId: userId)
        )
        let stored = try await Self.storing {
            try await database.insertWorkoutSet(
                record, idempotencyKey: idempotencyKey, now: now, inbox: Self.inboxMessage(records, exercise: exercise, userId: userId, now: now)
            )
        }
        guard stored.created else {
            // A key seen before stored nothing now, so refusing here leaves the first set as it was.
            guard SetRetry(set: record, performedAtGiven: performedAtGiven).isAnswered(by: stored.set) else {
                throw IdempotencyKeyReused(field: "Idempotency-Key")
            }
            return LoggedOutcome(set: stored.set, created: false, records: [])
        }
        return LoggedOutcome(set: stored.set, created: true, records: records)
    }

    /// Applies changed fields to a set the user owns; nil when there is no such set.
    public func updateSet(id: String, user: User, change: (inout SetInput) -> Void, now: Date) async throws -> WorkoutSetRecord? {
        let userId = try user.savedId
        guard var record = try await database.workoutSet(id: id, userId: userId) else { return nil }
        let stored = try record.logged()
        var input = try record.input()
        change(&input)
        input = try SetValidator.validate(input, now: now)
        if input.exerciseId != stored.exerciseId {
            guard try await exercise(id: input.exerciseId, userId: userId) != nil else { throw WorkoutError.unknownExercise }
        }
        let updated = WorkoutSetRecord(
            id: stored.id, userId: userId, input: input,
            day: input.performedAt == record.performedAt ? stored.day : LocalDay(input.performedAt, in: user.resolvedTimeZone),
            now: now
        )
        record.exerciseId = updated.exerciseId
        record.weight = updated.weight
        record.reps = updated.reps
        record.rpe = updated.rpe
        record.notes = updated.notes
        record.performedAt = updated.performedAt
        record.day = updated.day
        record.week = updated.week
        record.updatedAt = now
        return try await Self.storing { try await database.updateWorkoutSet(record) }
    }

    /// Runs a write of sets and answers the store's refusals as the domain's errors: a set under a key whose set was
    /// deleted, or under an exercise deleted since the request looked it up (checked inside the write's transaction).
    private static func storing<Stored>(_ write: () async throws -> Stored) async throws -> Stored {
        do {
            return try await write()
        } catch WorkoutSetStoreError.keyOfDeletedSet {
            throw WorkoutError.setDeleted
        } catch WorkoutSetStoreError.unknownExercise {
            throw WorkoutError.unknownExercise
        }
    }

    // MARK: Reviewing

    public func formula(userId: Int64) async throws -> E1RMFormula {
        try await database.workoutFormulaName(userId: userId).flatMap(E1RMFormula.init(rawValue:)) ?? .standard
    }

    /// Saves the user's e1RM formula; every estimate is computed with it from then on.
    public func setFormula(_ formula: E1RMFormula, userId: Int64) async throws {
        try await database.setWorkoutFormulaName(formula.rawValue, userId: userId)
    }

    /// The weekly dashboard over `span`, with body weight weekly means from the health records.
    public func dashboard(user: User, span: WeekSpan, now: Date) async throws -> WeeklyDashboard {
        let timeZone = user.resolvedTimeZone
        let weeks = span.weekStarts(now: now, timeZone: timeZone)
        // The span, and the week before the current one for `lastWeek` even when the span is one week.
        let userId = try user.savedId
        let first = weeks.first ?? LocalDay(now, in: timeZone).startOfWeek
        let last = weeks.last ?? first
        let from = min(first, last.adding(days: -7))
        let through = last.adding(days: 6)
        async let groups = database.workoutWeekGroups(userId: userId, from: from, through: through)
        async let weights = database.timedValues(
            userId: userId, metric: "bodyMass", from: first.start(in: timeZone), to: through.adding(days: 1).start(in: timeZone)
        )
        async let directory = exerciseDirectory(userId: userId)
        async let chosen = formula(userId: userId)
        let daily = try await weights.map { (day: LocalDay($0.start, in: timeZone), value: $0.value) }
        let exercises = try await directory
        return WeeklyDashboard.build(
            groups: try await groups, span: span, now: now, timeZone: timeZone, formula: try await chosen,
            exercise: { exercises[$0] },
            metrics: [MetricSeries.weeklyMeans(metricKey: "body_weight", unit: "kg", daily: daily, weekStarts: weeks)]
        )
    }

    /// One page of training days, newest first.
    public func history(userId: Int64, limit: Int, offset: Int) async throws -> [WorkoutDaySummary] {
        let days = try await database.workoutDays(userId: userId, limit: limit, offset: offset)
        let groups = try await database.workoutSetGroups(userId: userId, days: days)
        return WorkoutDaySummary.summaries(groups, formula: try await formula(userId: userId))
    }

    /// Everything done on one day, or nil when nothing was.
    public func day(_ day: LocalDay, userId: Int64) async throws -> WorkoutDay? {
        let sets = try await database.workoutSets(userId: userId, query: WorkoutSetQuery(day: day.description, newestFirst: false, limit: 10_000))
        guard !sets.isEmpty else { return nil }
        let directory = try await exerciseDirectory(userId: userId)
        return WorkoutDay.build(day: day, sets: try sets.map { try $0.logged() }, formula: try await formula(userId: userId), exercise: { directory[$0] })
    }

    // MARK: Import and export

    /// What an import did.
    public struct ImportSummary: Sendable, Equatable {
        public var imported = 0
        /// Rows whose set the log already had: imported before, or the same set (Kiroku's export read back).
        public var alreadyImported = 0
        public var skippedWithoutReps = 0
        public var invalid = 0
        public var unreadableLines: [Int] = []
        public var customExercisesCreated: [String] = []
    }

    /// Imports a Strong or Hevy CSV. A row already in the log (imported before, or the same set from Kiroku's own
    /// export) is not stored again and is counted in `alreadyImported`.
    public func importCSV(_ text: String, user: User, strongUnit: WeightUnit = .kg, now: Date) async throws -> ImportSummary {
        guard let parse = WorkoutCSVExport.parseAny(text, timeZone: user.resolvedTimeZone, strongUnit: strongUnit) else {
            throw WorkoutError.unrecognisedCSV
        }
        var summary = ImportSummary(skippedWithoutReps: parse.skippedWithoutReps, unreadableLines: parse.unreadableLines)
        var resolved: [String: Exercise] = [:]
        let userId = try user.savedId
        let customBefore = Set(try await customExercises(userId: userId).map(\.nameKey))
        var rows: [(set: WorkoutSetRecord, key: String)] = []
        for imported in parse.sets {
            let exercise: Exercise
            if let known = resolved[imported.exerciseName] {
                exercise = known
            } else {
                exercise = try await resolveExercise(named: imported.exerciseName, userId: userId, now: now)
                resolved[imported.exerciseName] = exercise
                if !exercise.isOfficial, !customBefore.contains(ExerciseCatalog.matchKey(exercise.name.en)) {
                    summary.customExercisesCreated.append(exercise.name.en)
                }
            }
            let input = SetInput(
                exerciseId: exercise.id, weight: imported.weightKg, reps: imported.reps, rpe: imported.rpe, notes: imported.notes,
                performedAt: imported.performedAt
            )
            guard let valid = try? SetValidator.validate(input, now: now) else {
                summary.invalid += 1
                continue
            }
            let day = LocalDay(valid.performedAt, in: user.resolvedTimeZone)
            rows.append((WorkoutSetRecord(userId: userId, input: valid, day: day, now: now), AppDatabase.importKeyPrefix + imported.sourceKey))
        }
        // An exercise the import made or found and deleted before its sets went in: nothing of the file is stored.
        summary.imported = rows.isEmpty ? 0 : try await Self.storing { try await database.insertWorkoutSets(rows, now: now) }
        summary.alreadyImported = rows.count - summary.imported
        return summary
    }

    /// Every set the user has, as stored, oldest first: what the account's exports write.
    public func allSets(userId: Int64) async throws -> [WorkoutSetRecord] {
        try await database.allWorkoutSets(userId: userId)
    }

    /// Every set as a Strong-format CSV, exercise names in English.
    public func exportCSV(user: User) async throws -> String {
        let userId = try user.savedId
        let sets = try await allSets(userId: userId)
        let directory = try await exerciseDirectory(userId: userId)
        return WorkoutCSVExport.csv(try sets.map { try $0.logged() }, exerciseName: { directory[$0]?.name.en ?? $0.uuidString }, timeZone: user.resolvedTimeZone)
    }
}
