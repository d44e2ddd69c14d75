import Foundation

/// Writes sets as a Strong-format CSV (kilograms), so an export opens in spreadsheets and imports back into
/// Kiroku, Strong-compatible tools and Hevy's Strong importer alike.
public enum WorkoutCSVExport {
    /// The "Workout Name" of every exported row. It tells the import that a row's time is its set's own, not a
    /// workout's start that its sets share (which is what Strong writes).
    public static let workoutName = "Kiroku"

    public static func csv(_ sets: [LoggedSet], exerciseName: (UUID) -> String, timeZone: TimeZone) -> String {
        var lines = [StrongCSV.header.joined(separator: ",")]
        for set in sets.sorted(by: { ($0.performedAt, $0.setNumber) < ($1.performedAt, $1.setNumber) }) {
            let fields = [
                LocalDateTime.format(set.performedAt, in: timeZone), workoutName, exerciseName(set.exerciseId), String(set.setNumber),
                WorkoutError.number(set.weight), String(set.reps), "", "", set.notes ?? "", "", set.rpe.map(WorkoutError.number) ?? "",
            ]
            lines.append(fields.map { CSVTable.escape(Self.neutralised($0)) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A cell starting with a formula character gets a leading apostrophe, so a spreadsheet never runs a note
    /// such as "=HYPERLINK(…)" as a formula. Numbers (which never start so here) pass unchanged.
    static func neutralised(_ field: String) -> String {
        guard let first = field.first, "=+-@".contains(first), Double(field) == nil else { return field }
        return "'" + field
    }

    /// Reads a Strong or Hevy export, whichever the header says it is; nil when it is neither.
    public static func parseAny(_ text: String, timeZone: TimeZone, strongUnit: WeightUnit = .kg) -> ImportParse? {
        let table = CSVTable(text: text)
        if HevyCSV.recognizes(table) { return HevyCSV.parse(table, timeZone: timeZone) }
        if StrongCSV.recognizes(table) { return StrongCSV.parse(table, timeZone: timeZone, unit: strongUnit) }
        return nil
    }
}
