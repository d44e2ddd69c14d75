import Foundation
import Health

/// Reads a Health Auto Export delivery (`{"data": {"metrics": [...], "workouts": [...]}}`) as its bytes
/// arrive and hands out its samples as they are mapped.
///
/// Only one row (or one workout) is held whole at a time, so a year-long backfill of a million rows takes as
/// much memory as a day's delivery. Rows are built from scanner events, mapped by `HealthAutoExportMapper`,
/// and wait in `takeSamples()` for the caller to store them in batches. A row that comes before its metric's
/// `name` (JSON does not order members) is kept until the name arrives.
public struct HealthAutoExportStream {
    public typealias Sample = HealthAutoExportMapper.Sample

    /// Where the value that starts next sits in the document.
    private enum Place: Equatable {
        case elsewhere
        case metric
        case metricField(String)
        case row
        case workout
    }

    private enum Container {
        case object(key: String?)
        case array
    }

    private var scanner = JSONStreamScanner()
    private var mapper: HealthAutoExportMapper
    private var containers: [Container] = []
    private var builder: JSONValueBuilder?
    private var building = Place.elsewhere
    private var metricName: String?
    private var metricUnits: String?
    private var rowsBeforeName: [JSONValue] = []
    private var pending: [Sample] = []

    public private(set) var workouts: [ImportedWorkout] = []
    /// Metric rows read so far.
    public private(set) var rowCount = 0

    /// `now` is when the delivery arrives (see `HealthAutoExportMapper`).
    public init(now: Date) {
        mapper = HealthAutoExportMapper(now: now)
    }

    /// Skipped entries per reason, for everything read so far.
    public var skipped: [String: Int] { mapper.skipped }
    /// Rows kept raw per reason, for everything read so far.
    public var keptRaw: [String: Int] { mapper.keptRaw }

    /// The raw items (rows that could not become samples) mapped since the last call.
    public mutating func takeRawItems() -> [ImportedRawItem] {
        mapper.takeRawItems()
    }

    /// Reads the next bytes of the delivery.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(HealthAutoExportInvalid) {
        do {
            var events: [JSONEvent] = []
            try scanner.feed(bytes) { events.append($0) }
            for event in events { try handle(event) }
        } catch let error as HealthAutoExportInvalid {
            throw error
        } catch let error as JSONStreamError {
            throw HealthAutoExportInvalid(error)
        } catch {
            throw HealthAutoExportInvalid(error)
        }
    }

    /// The delivery ended; it must be complete.
    public mutating func finish() throws(HealthAutoExportInvalid) {
        do {
            try scanner.finish()
        } catch {
            throw HealthAutoExportInvalid(error)
        }
    }

    /// The samples mapped since the last call.
    public mutating func takeSamples() -> [Sample] {
        defer { pending = [] }
        return pending
    }

    /// Checks that the chunks, read to the end, are one JSON object with `data`, `metrics` and `workouts` of the
    /// right kind, without mapping anything: a delivery is stored only once it is known to be whole.
    public static func validate<Chunks: Sequence>(_ chunks: Chunks) throws(HealthAutoExportInvalid) where Chunks.Element: Sequence<UInt8> {
        var scanner = JSONStreamScanner()
        var first: JSONEvent?
        var names = JSONDuplicateKeyTracker()
        var shape = HealthAutoExportShape()
        func look(_ event: JSONEvent) throws {
            if first == nil { first = event }
            if let name = names.observe(event) { throw HealthAutoExportInvalid.duplicateKey(name) }
            try shape.observe(event)
        }
        do {
            for chunk in chunks {
                try scanner.feed(chunk, look)
            }
            try scanner.finish(look)
        } catch {
            throw HealthAutoExportInvalid(error)
        }
        guard first == .objectStart else { throw HealthAutoExportInvalid.notAnObject }
    }

    // MARK: - Events

    private mutating func handle(_ event: JSONEvent) throws {
        if var current = builder {
            let value = current.add(event)
            builder = current
            if let value { finished(value) }
            return
        }
        switch event {
        case let .key(name):
            if case .object = containers.last { containers[containers.count - 1] = .object(key: name) }
        case .objectEnd, .arrayEnd:
            containers.removeLast()
            if event == .objectEnd, place(depth: containers.count) == .metric { endMetric() }
        case .objectStart, .arrayStart:
            let place = place(depth: containers.count)
            if containers.isEmpty, event != .objectStart { throw HealthAutoExportInvalid.notAnObject }
            switch place {
            case .row, .workout:
                building = place
                var fresh = JSONValueBuilder()
                _ = fresh.add(event)
                builder = fresh
                return
            case .metric where event == .objectStart:
                metricName = nil
                metricUnits = nil
                rowsBeforeName = []
            default:
                break
            }
            containers.append(event == .objectStart ? .object(key: nil) : .array)
        case .string, .number, .bool, .null:
            if containers.isEmpty { throw HealthAutoExportInvalid.notAnObject }
            switch place(depth: containers.count) {
            case .metricField("name"):
                metricName = event.text
            case .metricField("units"):
                metricUnits = event.text
            default:
                break
            }
        }
    }

    /// What a value at `depth` containers down is: the layout of a delivery, matched from the root.
    private func place(depth: Int) -> Place {
        func key(_ level: Int) -> String? {
            if case let .object(key) = containers[level] { key } else { nil }
        }
        guard depth >= 2, key(0) == "data" else { return .elsewhere }
        switch (depth, key(1)) {
        case (3, "metrics"): return .metric
        case (3, "workouts"): return .workout
        case (4, "metrics"): return key(3).map(Place.metricField) ?? .elsewhere
        case (5, "metrics") where key(3) == "data": return .row
        default: return .elsewhere
        }
    }

    private mutating func finished(_ value: JSONValue) {
        builder = nil
        switch building {
        case .row:
            guard value.isObject else { break }
            rowCount += 1
            if let metricName {
                mapper.map(row: value, metric: metricName, units: metricUnits, into: &pending)
            } else {
                rowsBeforeName.append(value)
            }
        case .workout:
            if let workout = mapper.workout(value) { workouts.append(workout) }
        default:
            break
        }
        building = .elsewhere
    }

    private mutating func endMetric() {
        for row in rowsBeforeName {
            mapper.map(row: row, metric: metricName ?? "", units: metricUnits, into: &pending)
        }
        rowsBeforeName = []
    }
}

private extension JSONEvent {
    var text: String? {
        if case let .string(text) = self { text } else { nil }
    }
}

/// A delivery that is not one whole JSON object; `detail` says what and where, in both languages.
public struct HealthAutoExportInvalid: Error, Sendable {
    public let detail: LocalizedText

    public init(detail: LocalizedText) {
        self.detail = detail
    }

    static let notAnObject = HealthAutoExportInvalid(detail: .init(ja: "本文が JSON オブジェクトではありません", en: "the body is not a JSON object"))

    static func duplicateKey(_ name: String) -> HealthAutoExportInvalid {
        HealthAutoExportInvalid(detail: .init(ja: "同じオブジェクトにキー「\(name)」が 2 回あります", en: "the key “\(name)” appears twice in one object"))
    }

    init(_ error: any Error) {
        switch error {
        case let error as JSONStreamError:
            detail = .init(ja: "\(error.reason.ja)（\(error.offset) バイト目）", en: "\(error.reason.en) (byte \(error.offset))")
        case let error as HealthAutoExportInvalid:
            detail = error.detail
        default:
            detail = .init(ja: "\(error)", en: "\(error)")
        }
    }
}
