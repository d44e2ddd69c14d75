import Foundation
import FuzzSupport
import Health
import HealthImport

/// The incremental JSON scanner, alone and under the Health Auto Export reader that uses it.
///
/// Invariants beyond "no crash": the document cut into other pieces gives the same events and the same error at the
/// same offset; an error's offset lies inside the document; the events nest (every end closes what was opened, a key
/// only inside an object and always followed by its value) and a document that finishes is exactly one value;
/// Health Auto Export samples and workouts hold finite numbers and instants.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONScanner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    let whole = input.scannedAlike(JSONScan.init)
    checkNesting(whole)
    checkHealthAutoExport(input)
    return 0
}

struct JSONScan: Equatable, CustomStringConvertible {
    var events: [JSONEvent] = []
    var error: JSONStreamError?

    init(_ input: FuzzInput, pieces: [UnsafeRawBufferPointer]) {
        var scanner = JSONStreamScanner(maxTokenBytes: 1_024)
        do {
            for piece in pieces { try scanner.feed(piece) { events.append($0) } }
            try scanner.finish { events.append($0) }
        } catch let failure as JSONStreamError {
            error = failure
            invariant((0...input.bytes.count).contains(failure.offset), "error at byte \(failure.offset) of \(input.bytes.count)")
        } catch {
            invariant(false, "the scanner threw \(error), not a JSONStreamError")
        }
    }

    var description: String { "\(events.count) events, error \(String(describing: error))" }

    /// NaN is never equal to itself; compare numbers by their bits.
    static func == (a: JSONScan, b: JSONScan) -> Bool {
        a.error == b.error && a.events.count == b.events.count && zip(a.events, b.events).allSatisfy { pair in
            if case let .number(x) = pair.0, case let .number(y) = pair.1 { return x.bitPattern == y.bitPattern }
            return pair.0 == pair.1
        }
    }
}

private func checkNesting(_ scan: JSONScan) {
    var open: [JSONEvent] = []
    var expectValue = false
    var values = 0
    for event in scan.events {
        switch event {
        case .key:
            invariant(open.last == .objectStart && !expectValue, "a key outside an object or where a value belongs")
            expectValue = true
            continue
        case .objectStart, .arrayStart:
            invariant(open.last != .objectStart || expectValue, "a value without a key in an object")
            open.append(event)
        case .objectEnd, .arrayEnd:
            invariant(!expectValue, "a container closed after a key")
            invariant(open.popLast() == (event == .objectEnd ? .objectStart : .arrayStart), "\(event) closes something else")
        case .string, .number, .bool, .null:
            invariant(open.last != .objectStart || expectValue, "a value without a key in an object")
        }
        expectValue = false
        if open.isEmpty { values += 1 }
    }
    if scan.error == nil {
        invariant(open.isEmpty && values == 1, "a finished document holds \(values) values with \(open.count) left open")
    }
}

/// A fixed "now" for the stream's date window, so a crash input reproduces on any day.
let importTime = Date(timeIntervalSince1970: 1_795_000_000)

private func checkHealthAutoExport(_ input: FuzzInput) {
    var stream = HealthAutoExportStream(now: importTime)
    var samples: [HealthAutoExportStream.Sample] = []
    do {
        for piece in input.chunks {
            try stream.feed(piece)
            samples += stream.takeSamples()
        }
        try stream.finish()
    } catch {
        // A refused delivery is an answer, not a failure.
    }
    samples += stream.takeSamples()
    for (sample, _) in samples {
        invariant(sample.value.isFinite && sample.originalValue.isFinite, "sample value \(sample.value) from \(sample.originalValue) in \(sample)")
        invariant(sample.startAt.timeIntervalSince1970.isFinite && sample.endAt.timeIntervalSince1970.isFinite, "sample instants in \(sample)")
    }
    for workout in stream.workouts {
        for amount in [workout.durationMinutes, workout.distanceMeters, workout.energyKcal] {
            invariant(amount?.isFinite ?? true, "workout total \(String(describing: amount)) in \(workout)")
        }
    }
}

@main enum Main {
    static func main() {
        FuzzDriver.run(fuzzJSONScanner)
    }
}
