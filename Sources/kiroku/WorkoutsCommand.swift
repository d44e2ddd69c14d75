import ArgumentParser
import Foundation
import Health
import Services
import Storage
import Workouts

/// `kiroku workouts …`: log and review strength training from the terminal, on the local data directory.
struct WorkoutsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workouts",
        abstract: "Log and review strength training (sets, weekly volume, CSV import/export).",
        subcommands: [Log.self, Today.self, Dashboard.self, Import.self, Export.self]
    )

    /// The data directory and the owner every subcommand needs.
    struct Owner: ParsableArguments {
        @OptionGroup var data: DataOptions
        @Option(help: "Owner's username.") var user: String

        func open() async throws -> (WorkoutService, User) {
            let database = try data.openDatabase()
            return (WorkoutService(database: database), try await data.user(user, in: database))
        }
    }

    struct Log: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Log one set: kiroku workouts log \"Bench Press\" 80x5 [--rpe 8].",
            discussion: "The exercise is an official name in English or Japanese, a name other apps use (\"Bench Press (Barbell)\"), or one of your custom exercises."
        )

        @OptionGroup var owner: Owner
        @Argument(help: "Exercise name.") var exercise: String
        @Argument(help: "Weight in kg × reps, e.g. 80x5 or 82.5×3.") var set: String
        @Option(help: "Rate of perceived exertion, 1–10.") var rpe: Double?
        @Option(help: "A note for the set.") var notes: String?
        @Option(help: "When, ISO 8601 (default: now).") var at: String?
        @Flag(help: "Create a custom exercise when the name is not known yet.") var create = false

        func run() async throws {
            let (workouts, user) = try await owner.open()
            let language = Language.terminal
            do {
                let (weight, reps) = try SetNotation.parse(set)
                let found = try await Self.exercise(named: exercise, create: create, workouts: workouts, user: user)
                let performedAt = try InstantOption.value(at, option: "--at", now: Date())
                let outcome = try await workouts.logSet(
                    SetInput(exerciseId: found.id, weight: weight, reps: reps, rpe: rpe, notes: notes, performedAt: performedAt),
                    user: user, idempotencyKey: nil, now: Date()
                )
                let name = found.name.text(in: language)
                let weightText = WorkoutsCommand.number(weight)
                // A set logged with --at for another day is numbered within that day, so the line names the day.
                let setNumber = outcome.set.setNumber
                let isToday = outcome.set.day == LocalDay(Date(), in: user.resolvedTimeZone).description
                print(LocalizedText(
                    ja: "記録しました: \(name) \(weightText) kg × \(reps)（\(isToday ? "今日" : outcome.set.day + " ")の\(setNumber)セット目）",
                    en: "Logged: \(name) \(weightText) kg × \(reps) (set \(setNumber) \(isToday ? "today" : "on " + outcome.set.day))"
                ).text(in: language))
                for record in outcome.records {
                    print("★ " + record.message(exerciseName: found.name).text(in: language))
                }
            } catch let error as WorkoutError {
                throw CLIError(error.message)
            }
        }

        static func exercise(named name: String, create: Bool, workouts: WorkoutService, user: User) async throws -> Exercise {
            if let official = ExerciseCatalog.match(name: name) { return official }
            let key = ExerciseCatalog.matchKey(name)
            if let custom = try await workouts.customExercises(userId: user.savedId).first(where: { $0.nameKey == key }) {
                return try custom.exercise()
            }
            if create { return try await workouts.createCustomExercise(userId: user.savedId, name: name, now: Date()).exercise }
            let suggestions = try await workouts.searchExercises(userId: user.savedId, prefix: String(name.prefix(3)), language: .en, limit: 5, offset: 0)
                .map(\.name.en).joined(separator: ", ")
            let hint = suggestions.isEmpty ? "" : " (\(suggestions))"
            throw CLIError(.init(
                ja: "種目「\(name)」が見つかりません\(hint)。新しい種目として記録するには --create を付けてください。",
                en: "No exercise called “\(name)”\(hint). Add --create to log it as a new custom exercise."
            ))
        }
    }

    struct Today: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Today's sets, by exercise.")

        @OptionGroup var owner: Owner

        func run() async throws {
            let (workouts, user) = try await owner.open()
            let language = Language.terminal
            let today = LocalDay(Date(), in: user.resolvedTimeZone)
            guard let day = try await workouts.day(today, userId: user.savedId) else {
                print(LocalizedText(ja: "今日はまだセットがありません。", en: "No sets yet today.").text(in: language))
                return
            }
            let header = language == .ja ? ["種目", "セット", "重量 kg", "回数", "RPE"] : ["EXERCISE", "SET", "KG", "REPS", "RPE"]
            let rows = day.exercises.flatMap { part in
                part.sets.map { set in
                    [part.exercise.name.text(in: language), String(set.setNumber), WorkoutsCommand.number(set.weight), String(set.reps), set.rpe.map(WorkoutsCommand.number) ?? ""]
                }
            }
            print(Table(header: header, rows: rows).render())
            print(LocalizedText(ja: "合計ボリューム \(WeightText.grouped(day.totalVolume)) kg", en: "Total volume \(WeightText.grouped(day.totalVolume)) kg").text(in: language))
        }
    }

    struct Dashboard: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Weekly volume and e1RM (ISO weeks from Monday in your time zone).")

        @OptionGroup var owner: Owner
        @Option(help: "1w, 4w, 8w, 12w, 24w or 52w.") var span: String = "12w"

        func run() async throws {
            let (workouts, user) = try await owner.open()
            let language = Language.terminal
            guard let span = WeekSpan(rawValue: span) else {
                throw CLIError(.init(ja: "期間は 1w, 4w, 8w, 12w, 24w, 52w のどれかです。", en: "The span is one of 1w, 4w, 8w, 12w, 24w, 52w."))
            }
            let dashboard = try await workouts.dashboard(user: user, span: span, now: Date())
            let weights = Dictionary(uniqueKeysWithValues: (dashboard.metrics.first?.points ?? []).map { ($0.weekStart, $0.value) })
            let header = language == .ja ? ["週（月曜）", "ボリューム kg", "セット", "推定1RM", "体重 kg"] : ["WEEK OF", "VOLUME KG", "SETS", "E1RM", "BODY KG"]
            let rows = dashboard.trend.map { week in
                [
                    week.weekStart.description, WeightText.grouped(week.totalVolume), String(week.setCount),
                    week.e1rmAvg.map(WorkoutsCommand.number) ?? "—", weights[week.weekStart].map(WorkoutsCommand.number) ?? "",
                ]
            }
            print(Table(header: header, rows: rows).render())
        }
    }

    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Import a Strong or Hevy CSV export (importing the same file again adds nothing).")

        @OptionGroup var owner: Owner
        @Argument(help: "The CSV file.") var file: String
        @Option(help: "Weight unit of a Strong export: kg or lb.") var unit: String = "kg"

        func run() async throws {
            let (workouts, user) = try await owner.open()
            guard let weightUnit = WeightUnit(rawValue: unit) else {
                throw CLIError(.init(ja: "単位は kg か lb です。", en: "The unit is kg or lb."))
            }
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw CLIError(.init(ja: "\(file) を UTF-8 のテキストとして読めません。", en: "Cannot read \(file) as UTF-8 text."))
            }
            do {
                let summary = try await workouts.importCSV(text, user: user, strongUnit: weightUnit, now: Date())
                print(WorkoutImportSummaryText.describe(summary).text(in: .terminal))
            } catch let error as WorkoutError {
                throw CLIError(error.message)
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Export every set as CSV (Strong's format, kg, times on your clock), with a UTF-8 byte-order mark for Excel.")

        @OptionGroup var owner: Owner
        @Option(name: .shortAndLong, help: "Write to this file (mode 0600) instead of standard output.") var output: String?
        @Flag(name: .customLong("no-bom"), help: ExportCommand.noBOMHelp) var noBOM = false

        func run() async throws {
            let (workouts, user) = try await owner.open()
            let csv = SpreadsheetCSV.bytes(try await workouts.exportCSV(user: user), byteOrderMark: !noBOM)
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: csv, attributes: [.posixPermissions: 0o600]) else {
                    throw CLIError(.init(ja: "\(output) に書き込めません。", en: "Cannot write \(output)."))
                }
            } else {
                FileHandle.standardOutput.write(csv)
            }
        }
    }

    static func number(_ value: Double) -> String {
        WeightText.format(value)
    }
}
