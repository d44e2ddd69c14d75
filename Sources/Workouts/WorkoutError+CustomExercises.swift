import Foundation
import Health

/// Refusals of renaming or deleting a person's own exercise. Creating one refuses with `invalidExerciseName` and
/// `officialExerciseName` (`WorkoutError.swift`); a rename obeys those too and these besides.
extension DomainRefusal where Domain == WorkoutsDomain {
    /// A rename to a name another of the person's exercises already has (folded alike by `ExerciseNameFold`). 409:
    /// two exercises of one name could not be told apart in the list, nor by an import that names one.
    public static func exerciseNameTaken(_ other: String) -> WorkoutError {
        WorkoutError(
            code: "exercise_name_taken",
            message: .init(
                ja: "「\(other)」はもうあなたの種目にあります。別の名前にしてください",
                en: "“\(other)” is already one of your exercises: choose another name."
            ),
            httpStatus: 409
        )
    }

    /// A custom exercise that logged sets still use. Deleting it would leave them naming no exercise (history, the
    /// dashboard and exports would lose them), so nothing is deleted and the message says how many sets to remove first.
    public static func exerciseInUse(_ name: String, sets: Int) -> WorkoutError {
        WorkoutError(
            code: "exercise_in_use",
            message: .init(
                ja: "「\(name)」は記録済みの \(sets) セットで使われているため、削除しませんでした（何も変更していません）。先にそのセットを削除するか、名前を変えてください",
                en: "“\(name)” is used by \(sets) logged \(sets == 1 ? "set" : "sets"), so it was not deleted (nothing changed). Delete \(sets == 1 ? "that set" : "those sets") first, or rename it instead."
            ),
            httpStatus: 409
        )
    }

    /// The catalogue's exercises are everyone's: their names, shares and ids are fixed, so no person renames or deletes one.
    public static var officialExerciseIsFixed: WorkoutError {
        WorkoutError(
            code: "official_exercise",
            message: .init(ja: "公式の種目は名前の変更も削除もできません", en: "Official exercises cannot be renamed or deleted."),
            httpStatus: 403
        )
    }
}
