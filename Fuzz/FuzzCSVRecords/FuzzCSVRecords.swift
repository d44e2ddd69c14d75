import Foundation
import FuzzSupport
import Health
import HealthImport

/// The `date,metric,value,unit[,source]` CSV import.
///
/// Invariants beyond "no crash": a refused file names only lines it has; an accepted file gives one sample per data
/// row, each of a catalog metric, with a finite value inside the metric's believable range and finite instants.
/// A fixed "now" for the date window, so a crash input reproduces on any day.
let importTime = Date(timeIntervalSince1970: 1_795_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSVRecords(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let text = input.text else { return 0 }
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let dataRows = max(0, lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count - 1)
    do {
        let samples = try CSVRecordParser.parse(text, now: importTime)
        invariant(samples.count == dataRows, "\(samples.count) samples from \(dataRows) data rows")
        for sample in samples {
            let metric = MetricCatalog.metric(named: sample.metric)
            invariant(metric != nil, "unknown metric \(sample.metric)")
            invariant(sample.value.isFinite && (metric?.plausibleRange.contains(sample.value) ?? false), "value \(sample.value) of \(sample.metric)")
            invariant(sample.startAt.timeIntervalSince1970.isFinite && sample.endAt.timeIntervalSince1970.isFinite, "instants of \(sample)")
        }
    } catch {
        invariant(!error.problems.isEmpty, "a refusal without a reason")
        for problem in error.problems {
            invariant((1...lines.count).contains(problem.line), "a problem on line \(problem.line) of \(lines.count)")
        }
    }
    return 0
}

@main enum Main {
    static func main() {
        FuzzDriver.run(fuzzCSVRecords)
    }
}
