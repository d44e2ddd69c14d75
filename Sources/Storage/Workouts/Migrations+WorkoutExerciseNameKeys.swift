import GRDB
import Workouts

extension Migrations {
    /// Custom exercises' name keys are now folded by `ExerciseNameFold` (NFKC, hiragana as katakana), where they
    /// were width-folded to half-width katakana: a key stored before ("ﾏｲﾌﾟﾚｽ") would never equal one made now
    /// ("マイプレス"), and the same name typed again would make a second exercise. Each key is made again, oldest
    /// exercise first; where two of a user's exercises now fold alike ("マイプレス", "まいぷれす"), the older one takes
    /// the key and the other keeps its old one, so both stay listed with their sets.
    static func workoutExerciseNameKeys(_ db: Database) throws {
        // Every row is written, even one whose key looks unchanged: Swift's `==` calls a decomposed key equal to the
        // composed one SQLite would not match.
        let rows = try Row.fetchAll(db, sql: "SELECT id, name FROM workoutExercise ORDER BY createdAt, id")
        for row in rows {
            let id: String = row["id"], name: String = row["name"]
            try db.execute(sql: "UPDATE OR IGNORE workoutExercise SET nameKey = ? WHERE id = ?", arguments: [ExerciseCatalog.matchKey(name), id])
        }
    }
}
