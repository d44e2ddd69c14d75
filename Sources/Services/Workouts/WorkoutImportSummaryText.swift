import Health

/// What an import did, in sentences for a person (the web page and the CLI print the same).
public enum WorkoutImportSummaryText {
    /// "Imported 7 sets. 2 were already in your log. …" in both languages. "Already in your log" rather than
    /// "already imported": a set matched may have come from the phone, exported and now imported back.
    public static func describe(_ summary: WorkoutService.ImportSummary) -> LocalizedText {
        var ja = "\(summary.imported)セットを取り込みました。"
        var en = "Imported \(summary.imported) sets."
        if summary.alreadyImported > 0 {
            ja += "\(summary.alreadyImported)セットはすでに記録にありました。"
            en += " \(summary.alreadyImported) were already in your log."
        }
        if summary.skippedWithoutReps > 0 {
            ja += "回数のない行（有酸素など）\(summary.skippedWithoutReps)件は除きました。"
            en += " Left out \(summary.skippedWithoutReps) rows without reps (cardio, holds)."
        }
        if summary.invalid > 0 {
            ja += "範囲外の値の行\(summary.invalid)件は除きました。"
            en += " Left out \(summary.invalid) rows with values out of range."
        }
        if !summary.unreadableLines.isEmpty {
            let lines = summary.unreadableLines.prefix(10).map(String.init).joined(separator: ", ")
            ja += "読めない行: \(lines)。"
            en += " Unreadable lines: \(lines)."
        }
        if !summary.customExercisesCreated.isEmpty {
            let names = summary.customExercisesCreated.joined(separator: ", ")
            ja += "新しいカスタム種目: \(names)。"
            en += " New custom exercises: \(names)."
        }
        return LocalizedText(ja: ja, en: en)
    }
}
