import Foundation

/// A Health Auto Export delivery as typed rows, decoded in one pass.
///
/// Rows hold only the fields their metric's shape uses (a plain metric's row is a date, a source and up to
/// four numbers), so a year of minute-level data stays in a few hundred bytes per row instead of a
/// Foundation dictionary per row. Decoding is lenient where the app is: a field of the wrong type is absent,
/// a number may arrive as a string, a missing `data` is an empty delivery.
struct HealthAutoExportJSON: Decodable {
    var metrics: [Metric] = []
    var workouts: [Workout] = []

    private enum Keys: String, CodingKey { case data, metrics, workouts }

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: Keys.self)
        guard let data = try? root.nestedContainer(keyedBy: Keys.self, forKey: .data) else { return }
        metrics = data.lossyArray(.metrics)
        workouts = data.lossyArray(.workouts)
    }

    /// One metric and its rows, in the shape its name calls for.
    struct Metric: Decodable {
        enum Rows {
            case plain([PlainRow])
            case bloodPressure([PressureRow])
            case sleep([SleepRow])
        }

        var name: String
        var units: String?
        var rows: Rows

        private enum Keys: String, CodingKey { case name, units, data }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = (try? container.decodeIfPresent(String.self, forKey: .name)) ?? ""
            units = try? container.decodeIfPresent(String.self, forKey: .units)
            switch HealthAutoExportJSON.normalized(name) {
            case "bloodpressure": rows = .bloodPressure(Self.rows(container))
            case "sleepanalysis": rows = .sleep(Self.rows(container))
            default: rows = .plain(Self.rows(container))
            }
        }

        private static func rows<Row: Decodable>(_ container: KeyedDecodingContainer<Keys>) -> [Row] {
            container.lossyArray(.data)
        }

        var count: Int {
            switch rows {
            case let .plain(rows): rows.count
            case let .bloodPressure(rows): rows.count
            case let .sleep(rows): rows.count
            }
        }
    }

    /// A quantity (`qty`) or heart rate's `Min`/`Avg`/`Max`.
    struct PlainRow: Decodable {
        var date: String?
        var source: String?
        var qty: Double?
        var min: Double?
        var avg: Double?
        var max: Double?

        private enum Keys: String, CodingKey { case date, source, qty, min = "Min", avg = "Avg", max = "Max" }

        init(from decoder: any Decoder) throws {
            let row = try decoder.container(keyedBy: Keys.self)
            date = row.text(.date)
            source = row.text(.source)
            qty = row.number(.qty)
            min = row.number(.min)
            avg = row.number(.avg)
            max = row.number(.max)
        }
    }

    struct PressureRow: Decodable {
        var date: String?
        var source: String?
        var systolic: Double?
        var diastolic: Double?

        private enum Keys: String, CodingKey { case date, source, systolic, diastolic }

        init(from decoder: any Decoder) throws {
            let row = try decoder.container(keyedBy: Keys.self)
            date = row.text(.date)
            source = row.text(.source)
            systolic = row.number(.systolic)
            diastolic = row.number(.diastolic)
        }
    }

    /// Either one aggregated row per night or one row per segment (`startDate`, `endDate`, `value`).
    struct SleepRow: Decodable {
        var date: String?
        var source: String?
        var stage: String?
        var startDate: String?
        var endDate: String?
        var asleep: Double?
        var inBed: Double?
        var sleepStart: String?
        var sleepEnd: String?
        var inBedStart: String?
        var inBedEnd: String?
        /// Hours per stage of an aggregated night, kept as metadata.
        var stages: [String: Double] = [:]

        private enum Keys: String, CodingKey {
            case date, source, value, startDate, endDate, asleep, totalSleep, inBed, sleepStart, sleepEnd, inBedStart, inBedEnd
            case core, deep, rem, awake
        }

        init(from decoder: any Decoder) throws {
            let row = try decoder.container(keyedBy: Keys.self)
            date = row.text(.date)
            source = row.text(.source)
            stage = row.text(.value)
            startDate = row.text(.startDate)
            endDate = row.text(.endDate)
            asleep = row.number(.asleep) ?? row.number(.totalSleep)
            inBed = row.number(.inBed)
            sleepStart = row.text(.sleepStart)
            sleepEnd = row.text(.sleepEnd)
            inBedStart = row.text(.inBedStart)
            inBedEnd = row.text(.inBedEnd)
            for key in [Keys.core, .deep, .rem, .awake] {
                if let hours = row.number(key) { stages[key.stringValue] = hours }
            }
        }
    }

    struct Quantity: Decodable {
        var qty: Double?
        var units: String?

        private enum Keys: String, CodingKey { case qty, units }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            qty = container.number(.qty)
            units = container.text(.units)
        }
    }

    struct Workout: Decodable {
        var id: String?
        var name: String?
        var start: String?
        var end: String?
        var duration: Double?
        var distance: Quantity?
        var activeEnergy: Quantity?

        private enum Keys: String, CodingKey { case id, name, start, end, duration, distance, activeEnergyBurned, activeEnergy }

        init(from decoder: any Decoder) throws {
            let row = try decoder.container(keyedBy: Keys.self)
            id = row.text(.id)
            name = row.text(.name)
            start = row.text(.start)
            end = row.text(.end)
            duration = row.number(.duration)
            distance = try? row.decodeIfPresent(Quantity.self, forKey: .distance)
            activeEnergy = (try? row.decodeIfPresent(Quantity.self, forKey: .activeEnergyBurned))
                ?? (try? row.decodeIfPresent(Quantity.self, forKey: .activeEnergy))
        }
    }

    static func normalized(_ name: String) -> String {
        String(name.lowercased().filter { !"_- ".contains($0) })
    }
}

extension KeyedDecodingContainer {
    /// A string, or nil when the key is missing or holds something else.
    func text(_ key: Key) -> String? {
        try? decodeIfPresent(String.self, forKey: key)
    }

    /// The elements of an array that decode, in order; an element that does not (null, a string where an
    /// object belongs) is left out rather than losing the whole array. Missing or not an array: empty.
    func lossyArray<Element: Decodable>(_ key: Key) -> [Element] {
        guard var array = try? nestedUnkeyedContainer(forKey: key) else { return [] }
        var elements: [Element] = []
        elements.reserveCapacity(array.count ?? 0)
        while !array.isAtEnd {
            if let element = try? array.decode(Element.self) {
                elements.append(element)
            } else {
                // A failed decode does not move past the element; skipping it takes a decode that cannot fail.
                _ = try? array.decode(AnyJSON.self)
            }
        }
        return elements
    }

    /// A number written as a number or as a numeric string; nil otherwise.
    func number(_ key: Key) -> Double? {
        if let value = try? decodeIfPresent(Double.self, forKey: key) { return value }
        return text(key).flatMap { Double($0) }
    }
}

/// Any JSON value, read and dropped.
private struct AnyJSON: Decodable {
    init(from decoder: any Decoder) throws {}
}
