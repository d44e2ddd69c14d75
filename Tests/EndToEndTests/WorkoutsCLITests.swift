import Foundation
import Testing
import TestSupport

extension CLITests {
    /// A set logged with --at for another day said "(set 1 today)".
    @Test func aSetLoggedForAnotherDayNamesThatDay() throws {
        #expect(try kiroku(["user", "create", "taro", "--password-stdin"], input: "correct horse battery\n").status == 0)
        let past = try kiroku(["workouts", "log", "Squat", "100x5", "--at", "2026-01-05T10:00:00+09:00", "--user", "taro"])
        #expect(past.status == 0, "\(past.error)")
        #expect(past.output.contains("Logged: Squat 100 kg × 5 (set 1 on 2026-01-05)"), "\(past.output)")
        #expect(!past.output.contains("today"))
        let second = try kiroku(["workouts", "log", "スクワット", "100x5", "--at", "2026-01-05T10:05:00+09:00", "--user", "taro"], language: "ja_JP.UTF-8")
        #expect(second.output.contains("記録しました: スクワット 100 kg × 5（2026-01-05 の2セット目）"), "\(second.output)")
        let now = try kiroku(["workouts", "log", "Squat", "100x5", "--user", "taro"])
        #expect(now.output.contains("(set 1 today)"))
    }

    @Test func logReviewImportAndExportWorkoutsFromTheTerminal() throws {
        #expect(try kiroku(["user", "create", "taro", "--password-stdin"], input: "correct horse battery\n").status == 0)

        let logged = try kiroku(["workouts", "log", "Bench Press", "80x5", "--rpe", "8", "--user", "taro"])
        #expect(logged.status == 0, "\(logged.error)")
        #expect(logged.output.contains("Logged: Bench Press 80 kg × 5 (set 1 today)"))
        let japanese = try kiroku(["workouts", "log", "ベンチプレス", "85x5", "--user", "taro"], language: "ja_JP.UTF-8")
        #expect(japanese.output.contains("記録しました: ベンチプレス 85 kg × 5（今日の2セット目）"))
        #expect(japanese.output.contains("★ 自己ベスト更新！"))

        let unknown = try kiroku(["workouts", "log", "Zercher Squat", "60x5", "--user", "taro"])
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("--create"))
        #expect(try kiroku(["workouts", "log", "Zercher Squat", "60x5", "--create", "--user", "taro"]).status == 0)
        let bad = try kiroku(["workouts", "log", "Squat", "80 by 5", "--user", "taro"], language: "ja_JP.UTF-8")
        #expect(bad.status != 0 && bad.error.contains("重量x回数"))
        let heavy = try kiroku(["workouts", "log", "Squat", "1200x5", "--user", "taro"])
        #expect(heavy.status != 0 && heavy.error.contains("between 0 and 1000 kg"))

        let today = try kiroku(["workouts", "today", "--user", "taro"])
        #expect(today.output.contains("Bench Press") && today.output.contains("Zercher Squat"))
        #expect(today.output.contains("Total volume 1,125 kg"), "grouped for reading")

        let dashboard = try kiroku(["workouts", "dashboard", "--span", "52w", "--user", "taro"])
        #expect(dashboard.output.split(separator: "\n").count == 53)
        #expect(dashboard.output.contains("1,125"))

        let file = TestFiles.directory.appendingPathComponent("hevy-\(UUID().uuidString).csv")
        try """
            "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
            "Lower","10 Nov 2026, 10:00","10 Nov 2026, 11:00","","Squat (Barbell)","","",0,"normal",100,5,"","",
            "Lower","10 Nov 2026, 10:00","10 Nov 2026, 11:00","","Squat (Barbell)","","",1,"normal",105,5,"","",8
            """.write(to: file, atomically: true, encoding: .utf8)
        let imported = try kiroku(["workouts", "import", file.path, "--user", "taro"])
        #expect(imported.output.contains("Imported 2 sets."))
        let again = try kiroku(["workouts", "import", file.path, "--user", "taro"])
        #expect(again.output.contains("Imported 0 sets. 2 were already in your log."))

        let export = try kiroku(["workouts", "export", "--user", "taro"])
        let lines = export.output.split(separator: "\n")
        #expect(lines.first == "\u{FEFF}Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE", "a byte-order mark so Excel reads UTF-8")
        #expect(lines.count == 6)
        #expect(lines.contains("2026-11-10 10:00:01,Kiroku,Squat,2,105,5,,,,,8"), "times on the user's clock, as the Hevy file gave them")
        let plain = try kiroku(["workouts", "export", "--user", "taro", "--no-bom"])
        #expect(plain.output.hasPrefix("Date,Workout Name,"))
        // The export reads back as a Strong file, byte-order mark and all: every set is read, and recognised as one
        // the log already has, so importing it back into the same account doubles nothing.
        let exported = TestFiles.directory.appendingPathComponent("kiroku-workouts-\(UUID().uuidString).csv")
        try Data(export.output.utf8).write(to: exported)
        let reimported = try kiroku(["workouts", "import", exported.path, "--user", "taro"])
        #expect(reimported.status == 0 && reimported.output.contains("Imported 0 sets. 5 were already in your log."), "\(reimported.output) \(reimported.error)")
        #expect(try kiroku(["workouts", "export", "--user", "taro"]).output == export.output, "the log is unchanged")
    }
}
