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

    @Test func glucoseMillimolesUseEighteen() throws {
        let glucose = try #require(MetricCatalog.metric(named: "bloodGlucose"))
        #expect(isClose(try glucose.canonicalValue(5.5, unit: "mmol/L"), 99))
        #expect(isClose(try glucose.canonicalValue(5.5, unit: "mmol<180.15588000005408>/L"), 99))
        #expect(isClose(try glucose.canonicalValue(99, unit: "mg/dL"), 99))
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
        #expect(steps.format(8123.6) == "8124")
    }
}
