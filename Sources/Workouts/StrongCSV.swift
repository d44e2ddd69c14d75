import Foundation

/// Strong's CSV export: Date, Workout Name, Exercise Name, Set Order, Weight, Reps, Distance, Seconds, Notes,
/// Workout Notes, RPE. Dates are wall-clock workout start times; weights are in the unit the person chose in
/// Strong (a "Weight Unit" column is honoured when present). Sets of a workout are spaced one second apart.
public enum StrongCSV {
    public static let header = ["Date", "Workout Name", "Exercise Name", "Set Order", "Weight", "Reps", "Distance", "Seconds", "Notes", "Workout Notes", "RPE"]

    /// True when the header looks like Strong's.
    public static func recognizes(_ table: CSVTable) -> Bool {
        table.column("Exercise Name") != nil && table.column("Set Order") != nil && table.column("Date") != nil
    }

    public static func parse(_ table: CSVTable, timeZone: TimeZone, unit: WeightUnit = .kg) -> ImportParse {
        let date = table.column("Date"), exercise = table.column("Exercise Name"), order = table.column("Set Order")
        let weight = table.column("Weight"), reps = table.column("Reps"), notes = table.column("Notes")
        let rpe = table.column("RPE"), unitColumn = table.column("Weight Unit"), workout = table.column("Workout Name")
        var result = ImportParse()
        var sequencer = ImportRowSequencer()
        for (index, row) in table.rows.enumerated() {
            let line = index + 2
            let dateText = table.value(row, date)
            let name = table.value(row, exercise)
            let repsText = table.value(row, reps)
            guard let repsValue = ImportRowSequencer.reps(repsText) else { result.unreadableLines.append(line); continue }
            if repsValue <= 0 { result.skippedWithoutReps += 1; continue }
            guard !name.isEmpty, let start = LocalDateTime.parse(dateText, in: timeZone),
                  let weightValue = ImportRowSequencer.weight(table.value(row, weight))
            else { result.unreadableLines.append(line); continue }
            let rowUnit = WeightUnit(rawValue: table.value(row, unitColumn).lowercased().replacingOccurrences(of: "lbs", with: "lb")) ?? unit
            let note = table.value(row, notes)
            result.sets.append(ImportedSet(
                exerciseName: name, weightKg: rowUnit.kilograms(weightValue), reps: Int(repsValue.rounded()),
                rpe: Double(table.value(row, rpe)), notes: note.isEmpty ? nil : note,
                // Kiroku's own export gives each set its own time: spacing its rows would move sets logged within
                // one second away from themselves, and importing the export back would not recognise them.
                performedAt: table.value(row, workout) == WorkoutCSVExport.workoutName
                    ? start : sequencer.performedAt(workoutStart: start, workoutKey: dateText),
                sourceKey: sequencer.sourceKey("strong|\(dateText)|\(name)|\(table.value(row, order))")
            ))
        }
        return result
    }
}
