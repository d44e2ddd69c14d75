import Foundation
import Health
import Testing
@testable import Workouts

@Suite struct CSVImportTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    static func fixture(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func tokyoTime(_ text: String) -> Date {
        try! Date.ISO8601FormatStyle().parse(text + "+09:00")
    }

    @Test func strongExportReadsSetsSkipsCardioAndReportsBadLines() throws {
        let parse = try #require(WorkoutCSVExport.parseAny(try Self.fixture("strong.csv"), timeZone: tokyo))
        #expect(parse.sets.count == 7)
        #expect(parse.skippedWithoutReps == 1)
        #expect(parse.unreadableLines == [10])
        let first = parse.sets[0]
        #expect(first.exerciseName == "Bench Press (Barbell)")
        #expect(first.weightKg == 60 && first.reps == 10 && first.rpe == nil)
        #expect(first.notes == "warm, easy")
        #expect(first.performedAt == tokyoTime("2026-11-16T18:30:00"))
        // Sets of one workout keep their order one second apart.
        #expect(parse.sets[2].performedAt == tokyoTime("2026-11-16T18:30:02"))
        #expect(parse.sets[2].rpe == 9.5)
        #expect(parse.sets[4].notes == "new \"favourite\"")
        #expect(Set(parse.sets.map(\.sourceKey)).count == parse.sets.count)
    }

    /// Found by `make fuzz`: a note typed in a browser's text area has CRLF line breaks, which Swift reads as one
    /// Character that is neither "\r" nor "\n" — the export left it unquoted and the row split in two on import.
    @Test func cellsWithLineBreaksAndCombiningMarksSurviveAnExportAndImport() {
        let cells = ["line one\r\nline two", ",\u{301}accent after a comma", "a quote with a mark \"\u{301}", "plain"]
        let table = CSVTable(text: "a,b,c,d\r\n" + cells.map(CSVTable.escape).joined(separator: ","))
        #expect(table.rows == [cells])
        #expect(CSVTable(text: "a,b\n1,\u{301}x\r\n2,y").rows == [["1", "\u{301}x"], ["2", "y"]], "a delimiter is one even when a mark follows it")
    }

    /// Reps no set can have used to trap converting to an integer, which stopped the server mid-import (found by
    /// `make fuzz`, like a fraction below a half, which made a set of 0 reps).
    @Test func repsThatAreNoCountAreUnreadableLines() throws {
        let header = StrongCSV.header.joined(separator: ",")
        let rows = ["nan", "inf", "-inf", "1e300", "0.4", "5"].map { "2026-11-16 18:30:00,A,Squat,1,100,\($0),0,0,,," }
        let strong = try #require(WorkoutCSVExport.parseAny(([header] + rows).joined(separator: "\n"), timeZone: tokyo))
        #expect(strong.unreadableLines == [2, 3, 4, 5])
        #expect(strong.skippedWithoutReps == 1, "0.4 reps is no rep")
        #expect(strong.sets.map(\.reps) == [5])
        let hevy = "title,start_time,exercise_title,set_index,weight_kg,reps\nA,\"16 Nov 2026, 18:30\",Curl,0,10,NaN\nA,\"16 Nov 2026, 18:30\",Curl,1,10,8"
        let parse = try #require(WorkoutCSVExport.parseAny(hevy, timeZone: tokyo))
        #expect(parse.unreadableLines == [2])
        #expect(parse.sets.map(\.reps) == [8])
    }

    @Test func strongSemicolonsAndPounds() throws {
        let parse = try #require(WorkoutCSVExport.parseAny(try Self.fixture("strong-semicolon-lb.csv"), timeZone: tokyo, strongUnit: .lb))
        #expect(parse.sets.count == 1)
        #expect(abs(parse.sets[0].weightKg - 102.058) < 0.001)
    }

    @Test func hevyExportReadsDatesWeightsAndBodyweightSets() throws {
        let parse = try #require(WorkoutCSVExport.parseAny(try Self.fixture("hevy.csv"), timeZone: tokyo))
        #expect(parse.sets.count == 4)
        #expect(parse.skippedWithoutReps == 1)
        #expect(parse.sets[1].weightKg == 80 && parse.sets[1].reps == 5 && parse.sets[1].rpe == 8)
        #expect(parse.sets[2].exerciseName == "Pull Up" && parse.sets[2].weightKg == 0 && parse.sets[2].notes == "bodyweight only")
        #expect(parse.sets[3].performedAt == tokyoTime("2027-01-01T10:00:00"))
        #expect(parse.sets[3].weightKg == 90.5 && parse.sets[3].rpe == 7.5)
    }

    @Test func importedNamesMapToTheCatalog() throws {
        let parse = try #require(WorkoutCSVExport.parseAny(try Self.fixture("strong.csv"), timeZone: tokyo))
        let matched = parse.sets.map { ExerciseCatalog.match(name: $0.exerciseName)?.name.en }
        #expect(matched == ["Bench Press", "Bench Press", "Bench Press", "Overhead Press", nil, "Squat", "Squat"])
    }

    @Test func exportReadsBackAsTheSameSets() throws {
        let bench = ExerciseCatalog.match(name: "Bench Press")!, squat = ExerciseCatalog.match(name: "Squat")!
        let day = LocalDay("2026-11-20")!
        let sets = [
            LoggedSet(id: UUID(), exerciseId: bench.id, setNumber: 1, weight: 80, reps: 5, rpe: 8, notes: "felt \"fast\", good",
                      performedAt: tokyoTime("2026-11-20T07:00:00"), day: day),
            LoggedSet(id: UUID(), exerciseId: bench.id, setNumber: 2, weight: 82.5, reps: 4, rpe: nil, notes: nil,
                      performedAt: tokyoTime("2026-11-20T07:04:10"), day: day),
            // Logged within the same second as another set: the export's times are each set's own, not spaced.
            LoggedSet(id: UUID(), exerciseId: squat.id, setNumber: 1, weight: 100, reps: 5, rpe: nil, notes: nil,
                      performedAt: tokyoTime("2026-11-20T07:04:10"), day: day),
        ]
        let csv = WorkoutCSVExport.csv(sets, exerciseName: { ExerciseCatalog.exercise(id: $0)?.name.en ?? "?" }, timeZone: tokyo)
        #expect(csv.hasPrefix("Date,Workout Name,Exercise Name,Set Order,Weight,Reps"))
        let back = try #require(WorkoutCSVExport.parseAny(csv, timeZone: tokyo))
        #expect(back.sets.map(\.weightKg) == [80, 100, 82.5], "in time order, then set number")
        #expect(back.sets.map(\.reps) == [5, 5, 4])
        #expect(back.sets.map(\.rpe) == [8, nil, nil])
        #expect(back.sets[0].notes == "felt \"fast\", good")
        #expect(back.sets.map(\.performedAt) == sets.map(\.performedAt))
    }

    @Test func formulasInNotesAreNeutralisedForSpreadsheets() {
        let set = LoggedSet(id: UUID(), exerciseId: UUID(), setNumber: 1, weight: 80, reps: 5, rpe: nil, notes: "=HYPERLINK(\"x\")",
                            performedAt: tokyoTime("2026-11-20T07:00:00"), day: LocalDay("2026-11-20")!)
        let csv = WorkoutCSVExport.csv([set], exerciseName: { _ in "@Lift" }, timeZone: tokyo)
        #expect(csv.contains(",'@Lift,"))
        #expect(csv.contains("\"'=HYPERLINK(\"\"x\"\")\""))
    }

    @Test func anUnknownFileIsNotGuessedAt() {
        #expect(WorkoutCSVExport.parseAny("a,b\n1,2\n", timeZone: tokyo) == nil)
    }
}
