import Foundation

/// One kind of health data Kiroku understands: its units, how days aggregate it, and what values are believable.
public struct Metric: Sendable, Hashable, Identifiable {
    /// Kiroku's identifier, the gateway app's camelCase type name ("bodyMass", "stepCount", …), because that
    /// app's payloads must be accepted unchanged.
    public let id: String
    public let category: MetricCategory
    /// The unit every stored value is in; conversions happen at the edges only.
    public let canonicalUnit: String
    /// Accepted units, the canonical one (factor 1) first.
    public let units: [UnitConversion]
    public let aggregation: AggregationKind
    /// The HealthKit type identifier. `timeInBed` shares `HKCategoryTypeIdentifierSleepAnalysis` with
    /// `sleepAnalysis` because HealthKit stores both in one type; lookups by that identifier give `sleepAnalysis`.
    public let healthKitIdentifier: String
    /// Other names clients use: the original app's names, Health Auto Export's snake_case names, plain words.
    public let aliases: [String]
    /// Canonical-unit values a person can physically have; manual entries outside are refused as typos.
    public let plausibleRange: ClosedRange<Double>
    /// Canonical-unit values that are usual; entries outside (but plausible) are kept with a warning.
    public let warningRange: ClosedRange<Double>?
    public let name: LocalizedText
    /// Digits after the decimal point worth showing in the canonical unit.
    public let decimals: Int
    /// The four metrics the original app was built around: weight, steps, active calories, heart rate.
    public let isCore: Bool
    /// Where the metric's day begins: midnight, or for sleep 18:00 the evening before, so a night counts whole for
    /// the day one wakes up. Every assignment of the metric's records to days goes through it.
    public let dayBoundary: DayBoundary

    public init(
        id: String,
        category: MetricCategory,
        canonicalUnit: String,
        units: [UnitConversion],
        aggregation: AggregationKind,
        healthKitIdentifier: String,
        aliases: [String],
        plausibleRange: ClosedRange<Double>,
        warningRange: ClosedRange<Double>?,
        name: LocalizedText,
        decimals: Int,
        isCore: Bool,
        dayBoundary: DayBoundary = .midnight
    ) {
        self.id = id
        self.category = category
        self.canonicalUnit = canonicalUnit
        self.units = units
        self.aggregation = aggregation
        self.healthKitIdentifier = healthKitIdentifier
        self.aliases = aliases
        self.plausibleRange = plausibleRange
        self.warningRange = warningRange
        self.name = name
        self.decimals = decimals
        self.isCore = isCore
        self.dayBoundary = dayBoundary
    }

    /// Entered by hand only (mood, energy): no HealthKit type, so imports and the gateway never carry it.
    public var isManualOnly: Bool {
        healthKitIdentifier.hasPrefix(MetricCatalog.manualOnlyPrefix)
    }

    /// Finds an accepted unit by symbol or alias. An exact spelling wins over a case-insensitive one, so that
    /// case only decides when it has to.
    public func unit(named: String) -> UnitConversion? {
        let wanted = named.trimmedWhitespace
        guard !wanted.isEmpty else { return nil }
        if let exact = units.first(where: { $0.names.contains(wanted) }) {
            return exact
        }
        let folded = wanted.lowercased()
        if let found = units.first(where: { unit in unit.names.contains { $0.lowercased() == folded } }) {
            return found
        }
        return molarUnit(wanted)
    }

    /// HealthKit's molar units state the molar mass in the unit itself: `mmol<180.15588000005408>/L` is
    /// millimoles of a substance of 180.155… g/mol per litre. For a metric stored in mg/dL, 1 mmol/L is
    /// M mg/L, M / 10 mg/dL (1 mmol/dL is M mg/dL).
    private func molarUnit(_ text: String) -> UnitConversion? {
        guard canonicalUnit == "mg/dL", text.hasPrefix("mmol<"), let close = text.firstIndex(of: ">") else { return nil }
        let massText = text[text.index(text.startIndex, offsetBy: 5)..<close]
        guard let mass = Double(massText), mass.isFinite, mass > 0 else { return nil }
        switch text[text.index(after: close)...] {
        case "/L": return UnitConversion(symbol: "mmol/L", aliases: [text], factor: mass / 10)
        case "/dL": return UnitConversion(symbol: "mmol/dL", aliases: [text], factor: mass)
        default: return nil
        }
    }

    /// The canonical unit's conversion; every catalog metric lists it first with factor 1.
    public var canonical: UnitConversion {
        units.first { $0.symbol == canonicalUnit } ?? UnitConversion(symbol: canonicalUnit)
    }

    /// Converts a value in any accepted unit (nil or blank meaning canonical) to the canonical unit.
    public func canonicalValue(_ value: Double, unit: String?) throws(HealthError) -> Double {
        try resolveUnit(unit).toCanonical(value)
    }

    /// Like `canonicalValue(_:unit:)` for values read from HealthKit (Apple Health exports, the gateway app),
    /// whose percent unit is a 0–1 ratio labelled "%": 0.97 "%" there means 97 %. A value in 0...1 labelled "%"
    /// is read as such a ratio only for metrics whose believable values all lie above 1 %, so a real percentage
    /// is never shrunk.
    public func canonicalValue(fromHealthKit value: Double, unit: String?) throws(HealthError) -> Double {
        let conversion = try resolveUnit(unit)
        if conversion.symbol == "%", canonicalUnit == "%", plausibleRange.lowerBound > 1, (0...1).contains(value),
           let fraction = units.first(where: { $0.symbol == "fraction" }) {
            return fraction.toCanonical(value)
        }
        return conversion.toCanonical(value)
    }

    /// The number alone, with `decimals` digits and thousands grouped (8,000), for displays that print the unit
    /// separately. Form fields get `plain`: what they show is read back.
    public func format(_ canonicalValue: Double) -> String {
        DecimalText.grouped(canonicalValue, decimals: decimals)
    }

    /// The number alone, with `decimals` digits and no grouping: for form fields, files and other text read back.
    public func plain(_ canonicalValue: Double) -> String {
        DecimalText.fixed(canonicalValue, decimals: decimals)
    }

    /// A canonical value restated in an accepted unit (nil or blank meaning canonical): 70 kg in "lb" is 154.32… lb.
    public func value(_ canonicalValue: Double, in unit: String?) throws(HealthError) -> Double {
        try resolveUnit(unit).fromCanonical(canonicalValue)
    }

    func resolveUnit(_ name: String?) throws(HealthError) -> UnitConversion {
        guard let name, !name.trimmedWhitespace.isEmpty else { return canonical }
        guard let unit = unit(named: name) else { throw HealthError.unknownUnit(name, metric: self) }
        return unit
    }
}
