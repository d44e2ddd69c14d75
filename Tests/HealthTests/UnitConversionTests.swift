import Foundation
import Health
import Testing

@Suite struct UnitConversionTests {
    private static let everyUnit: [(metric: String, unit: String)] = MetricCatalog.all.flatMap { metric in
        metric.units.map { (metric.id, $0.symbol) }
    }

    @Test(arguments: everyUnit)
    func everyUnitRoundTripsThroughTheCanonicalUnit(metric id: String, unit symbol: String) throws {
        let metric = try #require(MetricCatalog.metric(named: id))
        let unit = try #require(metric.unit(named: symbol))
        let samples = [metric.plausibleRange.lowerBound, metric.plausibleRange.upperBound,
                       (metric.plausibleRange.lowerBound + metric.plausibleRange.upperBound) / 2, 1.2345]
        for canonical in samples {
            let back = unit.toCanonical(unit.fromCanonical(canonical))
            #expect(abs(back - canonical) <= 1e-9 * max(1, abs(canonical)), "\(id) via \(symbol) at \(canonical)")
        }
    }

    @Test func everyMetricListsItsCanonicalUnitFirstAsTheIdentity() {
        for metric in MetricCatalog.all {
            #expect(metric.units.first?.symbol == metric.canonicalUnit, "\(metric.id)")
            #expect(metric.canonical.factor == 1 && metric.canonical.offset == 0, "\(metric.id)")
            #expect(metric.canonical.toCanonical(42.5) == 42.5)
        }
    }

    @Test func noTwoUnitsOfAMetricShareASpellingIgnoringCase() {
        for metric in MetricCatalog.all {
            let spellings = metric.units.flatMap { $0.names.map { $0.lowercased() } }
            #expect(Set(spellings).count == spellings.count, "\(metric.id) has an ambiguous unit name")
        }
    }

    @Test func seventyKilogramsIsAbout154Pounds() throws {
        let weight = try #require(MetricCatalog.metric(named: "bodyMass"))
        let pounds = try #require(weight.unit(named: "lb"))
        #expect(abs(pounds.fromCanonical(70) - 154.32) < 0.01)
        #expect(abs(pounds.toCanonical(154.32) - 70) < 0.01)
        #expect(isClose(try weight.canonicalValue(1000, unit: "g"), 1))
    }

    @Test func bodyTemperatureConvertsAffinely() throws {
        let temperature = try #require(MetricCatalog.metric(named: "bodyTemperature"))
        let fahrenheit = try #require(temperature.unit(named: "°F"))
        #expect(abs(fahrenheit.toCanonical(98.6) - 37) < 1e-9)
        #expect(abs(fahrenheit.toCanonical(32) - 0) < 1e-9)
        #expect(abs(fahrenheit.fromCanonical(100) - 212) < 1e-9)
        for spelling in ["degF", "℉", "F", "fahrenheit"] {
            #expect(temperature.unit(named: spelling) == fahrenheit)
        }
        for spelling in ["degC", "°C", "℃", "C"] {
            #expect(temperature.unit(named: spelling)?.symbol == "degC")
        }
    }

    @Test func glucoseMillimolesUseEighteenUnlessTheUnitStatesItsMolarMass() throws {
        let glucose = try #require(MetricCatalog.metric(named: "bloodGlucose"))
        #expect(isClose(try glucose.canonicalValue(5.5, unit: "mmol/L"), 99))
        // HealthKit's unit names glucose's molar mass: 5.5 mmol/L × 180.15588 mg/mmol ÷ 10 dL/L.
        #expect(isClose(try glucose.canonicalValue(5.5, unit: "mmol<180.15588000005408>/L"), 5.5 * 18.015588000005408))
        #expect(isClose(try glucose.canonicalValue(5.5, unit: "mmol<180.1558800000541>/L"), 5.5 * 18.01558800000541))
        #expect(isClose(try glucose.canonicalValue(0.055, unit: "mmol<180.15588000005408>/dL"), 0.055 * 180.15588000005408))
        #expect(isClose(try glucose.canonicalValue(99, unit: "mg/dL"), 99))
        #expect(glucose.unit(named: "mmol<abc>/L") == nil)
        #expect(glucose.unit(named: "mmol<-5>/L") == nil)
        #expect(MetricCatalog.metric(named: "bodyMass")?.unit(named: "mmol<180.15588000005408>/L") == nil)
    }

    /// Every unit string HealthKit has written for a catalog metric across iOS versions (HKUnit's documented
    /// unit strings and the spellings seen in exports), with a value and what it is in the canonical unit.
    static let healthKitSpellings: [(metric: String, unit: String, value: Double, canonical: Double)] = [
        ("vo2Max", "mL/min·kg", 45, 45), ("vo2Max", "mL/kg·min", 45, 45), ("vo2Max", "ml/(kg*min)", 45, 45),
        ("vo2Max", "mL/kg/min", 45, 45), ("vo2Max", "ml/kg·min", 45, 45), ("vo2Max", "mL/(kg·min)", 45, 45),
        ("heartRate", "count/min", 72, 72), ("heartRate", "count/s", 1.2, 72), ("restingHeartRate", "count/min", 55, 55),
        ("walkingHeartRateAverage", "count/min", 90, 90), ("respiratoryRate", "count/min", 15, 15),
        ("bodyTemperature", "degC", 36.6, 36.6), ("bodyTemperature", "degF", 98.6, 37), ("bodyTemperature", "K", 309.75, 36.6),
        ("activeEnergyBurned", "kcal", 300, 300), ("activeEnergyBurned", "Cal", 300, 300), ("activeEnergyBurned", "kJ", 418.4, 100),
        ("basalEnergyBurned", "kcal", 1600, 1600), ("dietaryEnergy", "Cal", 2000, 2000),
        ("bloodGlucose", "mg/dL", 99, 99), ("bloodGlucose", "mmol<180.15588000005408>/L", 5.5, 5.5 * 18.015588000005408),
        ("bloodGlucose", "mmol<180.1558800000541>/L", 5.5, 5.5 * 18.01558800000541),
        ("bodyMass", "kg", 70, 70), ("bodyMass", "lb", 154.32358352941433, 70), ("bodyMass", "st", 11, 69.85322498),
        ("bodyMass", "g", 70000, 70), ("leanBodyMass", "kg", 55, 55),
        ("height", "cm", 170, 170), ("height", "m", 1.7, 170), ("height", "ft", 5.5, 167.64), ("height", "in", 67, 170.18),
        ("waistCircumference", "cm", 80, 80), ("waistCircumference", "in", 32, 81.28),
        ("distanceWalkingRunning", "km", 5, 5000), ("distanceWalkingRunning", "mi", 1, 1609.344),
        ("distanceWalkingRunning", "m", 800, 800), ("distanceCycling", "km", 20, 20000),
        ("exerciseTime", "min", 30, 30), ("exerciseTime", "s", 1800, 30), ("exerciseTime", "hr", 1, 60), ("standHours", "min", 5, 5),
        ("heartRateVariability", "ms", 42, 42),
        ("bloodPressureSystolic", "mmHg", 120, 120), ("bloodPressureDiastolic", "mmHg", 80, 80),
        ("bodyMassIndex", "count", 22.5, 22.5), ("stepCount", "count", 1000, 1000), ("flightsClimbed", "count", 3, 3),
        ("dietaryProtein", "g", 60, 60), ("dietaryCarbohydrates", "g", 250, 250), ("dietaryFat", "g", 70, 70),
        ("dietaryFiber", "g", 25, 25), ("dietarySugar", "g", 30, 30), ("dietarySodium", "mg", 2000, 2000),
        ("dietaryCaffeine", "mg", 95, 95), ("dietaryWater", "mL", 500, 500), ("dietaryWater", "L", 0.5, 500),
        ("dietaryWater", "fl_oz_us", 8, 236.5882365), ("dietaryWater", "fl_oz_imp", 10, 284.130625),
        ("dietaryWater", "cup_us", 1, 236.5882365), ("dietaryWater", "cup_imp", 1, 284.130625),
        ("dietaryWater", "pt_us", 1, 473.176473), ("dietaryWater", "pt_imp", 1, 568.26125),
    ]

    @Test(arguments: healthKitSpellings.indices)
    func everyHealthKitUnitSpellingConverts(_ index: Int) throws {
        let (id, unit, value, canonical) = Self.healthKitSpellings[index]
        let metric = try #require(MetricCatalog.metric(named: id))
        let converted = try metric.canonicalValue(fromHealthKit: value, unit: unit)
        #expect(isClose(converted, canonical, tolerance: 1e-6), "\(id) \(value) \(unit) → \(converted), expected \(canonical)")
    }

    @Test func percentMetricsReadHealthKitsFractions() throws {
        #expect(isClose(try #require(MetricCatalog.metric(named: "oxygenSaturation")).canonicalValue(fromHealthKit: 0.97, unit: "%"), 97))
        #expect(isClose(try #require(MetricCatalog.metric(named: "bodyFatPercentage")).canonicalValue(fromHealthKit: 0.215, unit: "%"), 21.5))
    }

    @Test func oneKilocalorieIs4point184Kilojoules() throws {
        let energy = try #require(MetricCatalog.metric(named: "activeEnergyBurned"))
        let kilojoules = try #require(energy.unit(named: "kJ"))
        #expect(abs(kilojoules.fromCanonical(1) - 4.184) < 1e-12)
        #expect(isClose(try energy.canonicalValue(4184, unit: "J"), 1))
        #expect(isClose(try energy.canonicalValue(250, unit: "Cal"), 250))
    }

    @Test func distancesAndLengthsConvert() throws {
        let distance = try #require(MetricCatalog.metric(named: "distanceWalkingRunning"))
        #expect(isClose(try distance.canonicalValue(5, unit: "km"), 5000))
        #expect(isClose(try distance.canonicalValue(1, unit: "mi"), 1609.344))
        #expect(isClose(try distance.canonicalValue(3, unit: "ft"), 0.9144))
        let height = try #require(MetricCatalog.metric(named: "height"))
        #expect(isClose(try height.canonicalValue(70, unit: "in"), 177.8))
        #expect(isClose(try height.canonicalValue(1.75, unit: "m"), 175))
        #expect(isClose(try height.canonicalValue(6, unit: "ft"), 182.88))
    }

    @Test func fractionsBecomePercent() throws {
        let oxygen = try #require(MetricCatalog.metric(named: "oxygenSaturation"))
        #expect(isClose(try oxygen.canonicalValue(0.97, unit: "fraction"), 97))
        #expect(isClose(try oxygen.canonicalValue(97, unit: "%"), 97))
    }

    @Test func healthKitPercentRatiosBecomePercent() throws {
        let oxygen = try #require(MetricCatalog.metric(named: "oxygenSaturation"))
        let bodyFat = try #require(MetricCatalog.metric(named: "bodyFatPercentage"))
        #expect(isClose(try oxygen.canonicalValue(fromHealthKit: 0.97, unit: "%"), 97))
        #expect(isClose(try oxygen.canonicalValue(fromHealthKit: 97, unit: "%"), 97))
        #expect(isClose(try bodyFat.canonicalValue(fromHealthKit: 0.225, unit: "%"), 22.5))
        #expect(isClose(try bodyFat.canonicalValue(fromHealthKit: 0.225, unit: "fraction"), 22.5))
        // Other metrics keep their values: 0.5 kg stays 0.5 kg.
        let weight = try #require(MetricCatalog.metric(named: "bodyMass"))
        #expect(isClose(try weight.canonicalValue(fromHealthKit: 0.5, unit: "kg"), 0.5))
    }

    @Test func timesAreCanonicalInMinutes() throws {
        let exercise = try #require(MetricCatalog.metric(named: "exerciseTime"))
        #expect(isClose(try exercise.canonicalValue(1800, unit: "s"), 30))
        #expect(isClose(try exercise.canonicalValue(1.5, unit: "hr"), 90))
        let stand = try #require(MetricCatalog.metric(named: "standHours"))
        #expect(isClose(try stand.canonicalValue(600, unit: "s"), 10))
        let sleep = try #require(MetricCatalog.metric(named: "sleepAnalysis"))
        #expect(isClose(try sleep.canonicalValue(7.5, unit: "h"), 450))
    }

    @Test func heartRateAcceptsBeatsPerMinuteSpellings() throws {
        let heartRate = try #require(MetricCatalog.metric(named: "heartRate"))
        for spelling in ["count/min", "bpm", "BPM", "beats/min"] {
            #expect(heartRate.unit(named: spelling)?.symbol == "count/min", "\(spelling)")
        }
        #expect(isClose(try heartRate.canonicalValue(1, unit: "count/s"), 60))
    }

    @Test func waterAndNutrientsConvert() throws {
        let water = try #require(MetricCatalog.metric(named: "dietaryWater"))
        #expect(isClose(try water.canonicalValue(1.5, unit: "L"), 1500))
        #expect(isClose(try water.canonicalValue(500, unit: "ml"), 500))
        #expect(isClose(try water.canonicalValue(8, unit: "fl_oz_us"), 236.5882365))
        let protein = try #require(MetricCatalog.metric(named: "dietaryProtein"))
        #expect(isClose(try protein.canonicalValue(2500, unit: "mg"), 2.5))
        let sodium = try #require(MetricCatalog.metric(named: "dietarySodium"))
        #expect(isClose(try sodium.canonicalValue(2.3, unit: "g"), 2300))
    }

    @Test func unknownUnitsAreRefusedWithTheAcceptedOnes() throws {
        let weight = try #require(MetricCatalog.metric(named: "bodyMass"))
        #expect(weight.unit(named: "furlong") == nil)
        #expect(weight.unit(named: "  ") == nil)
        let error = #expect(throws: HealthError.self) { try weight.canonicalValue(1, unit: "furlong") }
        #expect(error?.code == "unknown_unit")
        #expect(error?.message.en.contains("lb") == true)
        #expect(error?.message.ja.contains("kg") == true)
    }

    @Test func blankOrMissingUnitMeansCanonical() throws {
        let steps = try #require(MetricCatalog.metric(named: "stepCount"))
        #expect(isClose(try steps.canonicalValue(1234, unit: nil), 1234))
        #expect(isClose(try steps.canonicalValue(1234, unit: " "), 1234))
    }

    @Test func formatUsesTheMetricsDecimalsWithoutUnit() throws {
        let weight = try #require(MetricCatalog.metric(named: "bodyMass"))
        let steps = try #require(MetricCatalog.metric(named: "stepCount"))
        #expect(weight.format(70.46) == "70.5")
        #expect(weight.format(70) == "70.0")
        #expect(weight.format(-0.01) == "0.0")
        #expect(steps.format(8123.6) == "8,124")
        #expect(steps.plain(8123.6) == "8124", "form fields and files are not grouped")
        #expect(steps.format(-1_234_567) == "-1,234,567")
        #expect(steps.format(999) == "999")
    }
}
