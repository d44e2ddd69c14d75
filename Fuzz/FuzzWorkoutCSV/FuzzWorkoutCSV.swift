import Foundation
import FuzzSupport
import Workouts

/// Strong and Hevy CSV exports: the CSV table reader, then both apps' row readers.
///
/// Invariants beyond "no crash": writing the table back with `CSVTable.escape` and reading it again gives the same
/// header and rows (what Kiroku's own export relies on to import back); every row of the table is either a set,
/// a skipped row without reps or an unreadable line, and unreadable lines are named once each, in order, by their
/// line in the file; a set has at least one rep.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWorkoutCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let text = FuzzInput(data, size).text else { return 0 }
    let table = CSVTable(text: text)
    checkRoundTrip(table)
    let zone = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    for parse in [StrongCSV.parse(table, timeZone: zone, unit: .lb), HevyCSV.parse(table, timeZone: zone)] {
        invariant(parse.sets.count + parse.skippedWithoutReps + parse.unreadableLines.count == table.rows.count,
                  "\(table.rows.count) rows became \(parse.sets.count) sets, \(parse.skippedWithoutReps) skipped, \(parse.unreadableLines.count) unreadable")
        invariant(parse.unreadableLines == parse.unreadableLines.sorted() && Set(parse.unreadableLines).count == parse.unreadableLines.count,
                  "unreadable lines out of order: \(parse.unreadableLines)")
        invariant(parse.unreadableLines.allSatisfy { (2...(table.rows.count + 1)).contains($0) }, "unreadable lines \(parse.unreadableLines) of \(table.rows.count) rows")
        for set in parse.sets {
            invariant(set.reps >= 1, "a set of \(set.reps) reps")
        }
    }
    return 0
}

/// The table written back as CSV and read again must be the same table. Skipped when the written first line would
/// make the reader pick semicolons (it counts them, quoted or not), would start with a byte-order mark it drops, or
/// would be nothing at all (one empty header cell and no rows is written as the empty file).
private func checkRoundTrip(_ table: CSVTable) {
    guard table.header != [""] || !table.rows.isEmpty else { return }
    let lines = [table.header] + table.rows
    let written = lines.map { $0.map(CSVTable.escape).joined(separator: ",") }.joined(separator: "\n")
    let firstLine = written.unicodeScalars.prefix { $0 != "\n" && $0 != "\r" }
    guard firstLine.filter({ $0 == ";" }).count <= firstLine.filter({ $0 == "," }).count, !written.hasPrefix("\u{FEFF}") else { return }
    let again = CSVTable(text: written)
    invariant(again.header == table.header && again.rows == table.rows,
              "written and read back, \(table.header) \(table.rows) became \(again.header) \(again.rows)")
}

@main enum Main {
    static func main() {
        FuzzDriver.run(fuzzWorkoutCSV)
    }
}
