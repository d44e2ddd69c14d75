import Foundation
import Health

/// Why Workouts refused some input: a stable code for clients, a message for the person in both languages
/// that says what would have been accepted, and the HTTP status it maps to.
public typealias WorkoutError = DomainRefusal<WorkoutsDomain>

/// Marks the WorkoutError refusals.
public enum WorkoutsDomain: Sendable {}

extension DomainRefusal where Domain == WorkoutsDomain {
    public static func weightOutOfRange(_ weight: Double) -> WorkoutError {
        WorkoutError(
            code: "invalid_weight",
            message: .init(
                ja: "重量は0〜1000 kgの範囲で入力してください（入力値: \(Self.number(weight)) kg）",
                en: "Weight must be between 0 and 1000 kg (entered: \(Self.number(weight)) kg)."
            )
        )
    }

    /// A weight field whose text is not a number ("abc"): said as what it is, with what would be accepted.
    public static func unreadableWeight(_ text: String) -> WorkoutError {
        WorkoutError(
            code: "invalid_weight",
            message: .init(
                ja: "重量「\(text)」を数字として読めません。\(weights.ja) kg の数字で入力してください",
                en: "Cannot read the weight “\(text)” as a number: enter \(weights.en) kg."
            )
        )
    }

    /// A reps field whose text is not a whole number.
    public static func unreadableReps(_ text: String) -> WorkoutError {
        WorkoutError(
            code: "invalid_reps",
            message: .init(
                ja: "回数「\(text)」を数字として読めません。\(SetValidator.repsRange.lowerBound)〜\(SetValidator.repsRange.upperBound) 回の整数で入力してください",
                en: "Cannot read the reps “\(text)” as a number: enter a whole number from \(SetValidator.repsRange.lowerBound) to \(SetValidator.repsRange.upperBound)."
            )
        )
    }

    /// An RPE field whose text is not a number.
    public static func unreadableRPE(_ text: String) -> WorkoutError {
        WorkoutError(
            code: "invalid_rpe",
            message: .init(
                ja: "RPE「\(text)」を数字として読めません。\(rpes.ja) の数字で入力するか、空欄にしてください",
                en: "Cannot read the RPE “\(text)” as a number: enter \(rpes.en), or leave it empty."
            )
        )
    }

    /// The accepted weights and RPEs as the unreadable-number messages say them ("0〜1000", "0 to 1000").
    private static var weights: (ja: String, en: String) { range(SetValidator.weightRange) }
    private static var rpes: (ja: String, en: String) { range(SetValidator.rpeRange) }

    private static func range(_ range: ClosedRange<Double>) -> (ja: String, en: String) {
        ("\(number(range.lowerBound))〜\(number(range.upperBound))", "\(number(range.lowerBound)) to \(number(range.upperBound))")
    }

    public static func repsOutOfRange(_ reps: Int) -> WorkoutError {
        WorkoutError(
            code: "invalid_reps",
            message: .init(ja: "回数は0〜100回の範囲で入力してください（入力値: \(reps)）", en: "Reps must be between 0 and 100 (entered: \(reps)).")
        )
    }

    public static func rpeOutOfRange(_ rpe: Double) -> WorkoutError {
        WorkoutError(
            code: "invalid_rpe",
            message: .init(
                ja: "RPEは1〜10の範囲で入力するか、空欄にしてください（入力値: \(Self.number(rpe))）",
                en: "RPE must be between 1 and 10, or empty (entered: \(Self.number(rpe)))."
            )
        )
    }

    public static var futurePerformedAt: WorkoutError {
        WorkoutError(
            code: "future_performed_at",
            message: .init(
                ja: "実施日時が未来すぎます（現在から1日以内まで記録できます）",
                en: "The time performed is too far in the future (at most one day ahead is accepted)."
            )
        )
    }

    public static var notesTooLong: WorkoutError {
        WorkoutError(
            code: "invalid_notes",
            message: .init(ja: "メモは1000文字以内で入力してください", en: "Notes must be at most 1000 characters.")
        )
    }

    public static var invalidExerciseName: WorkoutError {
        WorkoutError(
            code: "invalid_name",
            message: .init(ja: "種目名は1〜100文字で入力してください", en: "An exercise name must be 1 to 100 characters.")
        )
    }

    /// A custom exercise named as an official one is (`ExerciseCatalog.official(named:)`). 409: the name is taken,
    /// and the message names the official exercise to pick instead.
    public static func officialExerciseName(_ official: Exercise) -> WorkoutError {
        WorkoutError(
            code: "official_exercise_name",
            message: .init(
                ja: "「\(official.name.ja)」は公式の種目にあります。自分の種目は作らず、一覧から「\(official.name.ja)」を選んでください",
                en: "“\(official.name.en)” is already an official exercise: pick it from the list instead of making your own."
            ),
            httpStatus: 409
        )
    }

    public static var unknownExercise: WorkoutError {
        WorkoutError(
            code: "unknown_exercise",
            message: .init(
                ja: "その種目は見つかりません。削除されたか、このアカウントの種目ではありません。種目の一覧を読み込み直して選び直してください",
                en: "There is no such exercise: it was deleted or is not this account's. Reload the exercise list and pick again."
            )
        )
    }

    public static var unrecognisedCSV: WorkoutError {
        WorkoutError(
            code: "unrecognised_csv",
            message: .init(
                ja: "CSVの形式がわかりません（Strong または Hevy の書き出しファイルを使ってください）",
                en: "This CSV is not a format Kiroku knows (use an export from Strong or Hevy)."
            )
        )
    }

    public static func invalidSetText(_ text: String) -> WorkoutError {
        WorkoutError(
            code: "invalid_set",
            message: .init(
                ja: "「\(text)」を「重量x回数」（例: 80x5）として読めません",
                en: "Cannot read “\(text)” as weight×reps (for example 80x5)."
            )
        )
    }

    /// A create resent with the key of a set its owner has since deleted (a phone's outbox retrying late). 410: the
    /// set the key made is gone for good, and the client should drop the request instead of retrying it.
    public static var setDeleted: WorkoutError {
        WorkoutError(
            code: "set_deleted",
            message: .init(
                ja: "このセットは削除済みです。同じ記録の再送信だったため、もう一度は記録していません",
                en: "This set was deleted. The request was a resend of the same set, so it was not recorded again."
            ),
            httpStatus: 410
        )
    }

    static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
