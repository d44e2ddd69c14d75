import Foundation
import FuzzSupport
import Health
@testable import HealthImport

/// Apple Health export XML as an import reads it: the stream scanner, the item assembler and the HealthKit mapper.
///
/// Invariants beyond "no crash": the document cut into other pieces gives the same events and the same error at the
/// same offset (the scanner keeps only an unfinished tail between chunks); an error's byte offset and line lie inside
/// the document; the scanner never reports more bytes consumed than it was fed; mapped samples and workouts hold
/// finite numbers and instants (a NaN or an infinity would break every page that shows them).
/// A fixed "now" for the mapper's date window, so a crash input reproduces on any day.
let importTime = Date(timeIntervalSince1970: 1_795_000_000)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXMLExport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let whole = FuzzInput(data, size).scannedAlike(XMLScan.init)
    var assembler = ExportItemAssembler()
    var mapper = HealthKitMapper(now: importTime)
    for event in whole.events {
        try? assembler.consume(event) { item in checkMapped(mapper.map(item)) }
    }
    return 0
}

/// What scanning one document gave: its events and the error that ended it, if any.
struct XMLScan: Equatable, CustomStringConvertible {
    var events: [XMLEvent] = []
    var error: ImportError?

    init(_ input: FuzzInput, pieces: [UnsafeRawBufferPointer]) {
        var scanner = XMLStreamScanner()
        var fed = 0
        do {
            for piece in pieces {
                let before = scanner.bytesConsumed
                try scanner.feed(piece) { events.append($0) }
                fed += piece.count
                invariant(scanner.bytesConsumed >= before && scanner.bytesConsumed <= fed, "consumed \(scanner.bytesConsumed) of \(fed) bytes fed")
            }
            try scanner.finish()
        } catch let failure as ImportError {
            error = failure
            switch failure {
            case let .malformedXML(_, offset, line), let .truncated(offset, line):
                invariant((0...input.bytes.count).contains(offset), "error at byte \(offset) of \(input.bytes.count)")
                invariant((1...input.lineCount).contains(line), "error on line \(line) of \(input.lineCount)")
            case .noHealthExport, .unreadable:
                break
            }
        } catch {
            invariant(false, "the scanner threw \(error), not an ImportError")
        }
    }

    var description: String { "\(events.count) events, error \(String(describing: error))" }
}

private func checkMapped(_ item: MappedItem) {
    switch item {
    case let .record(record): checkMapped(record)
    case let .correlation(correlation):
        checkInstants(correlation.startAt, correlation.endAt)
        correlation.members.forEach(checkMapped)
    case let .workout(workout):
        checkInstants(workout.startAt, workout.endAt)
        for amount in [workout.durationMinutes, workout.distanceMeters, workout.energyKcal] {
            invariant(amount?.isFinite ?? true, "workout total \(String(describing: amount)) in \(workout)")
        }
    case .skippedWorkout, .raw, .me, .ignored:
        break
    }
}

private func checkMapped(_ record: MappedRecord) {
    guard case let .sample(sample) = record else { return }
    invariant(sample.value.isFinite && sample.originalValue.isFinite, "sample value \(sample.value) from \(sample.originalValue) in \(sample)")
    checkInstants(sample.startAt, sample.endAt)
}

private func checkInstants(_ dates: Date...) {
    for date in dates { invariant(date.timeIntervalSince1970.isFinite, "instant \(date.timeIntervalSince1970)") }
}

@main enum Main {
    static func main() {
        FuzzDriver.run(fuzzXMLExport)
    }
}
