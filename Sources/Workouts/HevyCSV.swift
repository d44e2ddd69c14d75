import Foundation

/// Hevy's CSV export: title, start_time, end_time, description, exercise_title, superset_id, exercise_notes,
/// set_index, set_type, weight_kg, reps, distance_km, duration_seconds, rpe. Times are wall-clock ("15 Jan 2024,
/// 07:30"); `set_index` counts from 0 within an exercise; weights are already kilograms.
public enum HevyCSV {
    public static func recognizes(_ table: CSVTable) -> Bool {
        table.column("exercise_title") != nil && table.column("start_time") != nil
    }

    public static func parse(_ table: CSVTable, timeZone: TimeZone) -> ImportParse {
        let start = table.column("start_time"), exercise = table.column("exercise_title"), setIndex = table.column("set_index")
        let weight = table.column("weight_kg"), reps = table.column("reps"), rpe = table.column("rpe")
        let notes = table.column("exercise_notes"), setType = table.column("set_type")
        var result = ImportParse()
        var sequencer = ImportRowSequencer()
        for (index, row) in table.rows.enumerated() {
            let line = index + 2
            let startText = table.value(row, start)
            let name = table.value(row, exercise)
            let repsText = table.value(row, reps)
            guard let repsValue = ImportRowSequencer.reps(repsText) else { result.unreadableLines.append(line); continue }
            if repsValue <= 0 { result.skippedWithoutReps += 1; continue }
            guard !name.isEmpty, let began = LocalDateTime.parse(startText, in: timeZone),
                  let weightValue = ImportRowSequencer.weight(table.value(row, weight))
            else { result.unreadableLines.append(line); continue }
            let note = table.value(row, notes)
            result.sets.append(ImportedSet(
                exerciseName: name, weightKg: weightValue, reps: Int(repsValue.rounded()), rpe: Double(table.value(row, rpe)),
                notes: note.isEmpty ? nil : note, performedAt: sequencer.performedAt(workoutStart: began, workoutKey: startText),
                sourceKey: sequencer.sourceKey("hevy|\(startText)|\(name)|\(table.value(row, setIndex))|\(table.value(row, setType))")
            ))
        }
        return result
    }
}
