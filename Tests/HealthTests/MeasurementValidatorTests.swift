import Foundation
import Health
import Testing

@Suite struct MeasurementValidatorTests {
    private let now = Date(timeIntervalSince1970: 1_790_000_000)

    private func validate(
        _ metric: String, _ value: Double, unit: String? = nil, start: Date? = nil, end: Date? = nil
    ) throws(HealthError) -> ValidatedMeasurement {
        try MeasurementValidator.validate(
            MeasurementInput(metric: metric, value: value, unit: unit, start: start ?? now, end: end), now: now
        )
    }

    private func refusal(
        _ metric: String, _ value: Double, unit: String? = nil, start: Date? = nil, end: Date? = nil
    ) -> HealthError? {
        #expect(throws: HealthError.self) { try validate(metric, value, unit: unit, start: start, end: end) }
    }

    @Test func weightLimitsAreInclusive() throws {
        #expect(try validate("bodyMass", 30).canonicalValue == 30)
        #expect(try validate("bodyMass", 200).canonicalValue == 200)
        #expect(refusal("bodyMass", 29.9)?.code == "out_of_range")
        #expect(refusal("bodyMass", 200.1)?.code == "out_of_range")
    }

    @Test func weightInPoundsIsCheckedInKilograms() throws {
        let error = refusal("weight", 66, unit: "lb")
        #expect(error?.code == "out_of_range")
        // The range is stated in the unit the person used, rounded inwards so both limits are accepted.
        #expect(error?.message.en.contains("66.2") == true)
        #expect(error?.message.en.contains("440.9") == true)
        #expect(error?.message.ja.contains("66.2〜440.9") == true)
        let accepted = try validate("weight", 66.2, unit: "lbs")
        #expect(abs(accepted.canonicalValue - 30.028) < 0.001)
        #expect(accepted.originalValue == 66.2)
        #expect(accepted.originalUnit == "lb")
        #expect(try validate("weight", 440.9, unit: "lb").warnings.isEmpty)
    }

    @Test func outOfRangeMessagesStateTheRangeInBothLanguages() throws {
        let error = try #require(refusal("bodyMass", 29.9))
        #expect(error.httpStatus == 400)
        for message in [error.message.ja, error.message.en] {
            #expect(!message.isEmpty)
            #expect(message.contains("30") && message.contains("200") && message.contains("29.9"), "\(message)")
        }
        #expect(error.message.ja.contains("体重"))
        #expect(error.message.en.contains("Weight"))
    }

    @Test func stepsLimitsAndWarning() throws {
        #expect(try validate("steps", 0).warnings.isEmpty)
        #expect(try validate("steps", 100_000).warnings.map(\.code) == ["unusually_high"])
        #expect(try validate("steps", 50_000).warnings.isEmpty)
        let busy = try validate("steps", 50_001)
        #expect(busy.canonicalValue == 50_001)
        #expect(busy.warnings.map(\.code) == ["unusually_high"])
        #expect(busy.warnings.first?.message.ja.contains("50000") == true)
        #expect(refusal("steps", 100_001)?.code == "out_of_range")
        #expect(refusal("steps", -1)?.code == "out_of_range")
    }

    @Test func activeCaloriesLimitsAndWarningInAnyEnergyUnit() throws {
        #expect(try validate("activeCalories", 5_000).warnings.isEmpty)
        #expect(try validate("activeCalories", 5_001).warnings.map(\.code) == ["unusually_high"])
        #expect(try validate("activeCalories", 10_000, unit: "kcal").canonicalValue == 10_000)
        #expect(refusal("activeCalories", 10_001)?.code == "out_of_range")
        // 41,840 kJ is 10,000 kcal: the limit holds in kilojoules too.
        #expect(try validate("activeCalories", 41_840, unit: "kJ").canonicalValue <= 10_000.000001)
        #expect(refusal("activeCalories", 41_900, unit: "kJ")?.message.en.contains("kJ") == true)
    }

    @Test func heartRateWarnsBelowFortyAndAboveOneEighty() throws {
        #expect(try validate("heartRate", 39, unit: "bpm").warnings.map(\.code) == ["unusually_low"])
        #expect(try validate("heartRate", 40).warnings.isEmpty)
        #expect(try validate("heartRate", 180).warnings.isEmpty)
        #expect(try validate("heartRate", 181).warnings.map(\.code) == ["unusually_high"])
        #expect(try validate("heartRate", 30).warnings.map(\.code) == ["unusually_low"])
        #expect(refusal("heartRate", 29)?.code == "out_of_range")
        #expect(refusal("heartRate", 201)?.code == "out_of_range")
    }

    @Test func bloodGlucoseLimitsAndWarningsAlsoInMillimoles() throws {
        #expect(try validate("bloodGlucose", 20).warnings.map(\.code) == ["unusually_low"])
        #expect(try validate("bloodGlucose", 100).warnings.isEmpty)
        #expect(try validate("bloodGlucose", 401).warnings.map(\.code) == ["unusually_high"])
        #expect(refusal("bloodGlucose", 19)?.code == "out_of_range")
        #expect(refusal("bloodGlucose", 601)?.code == "out_of_range")
        let mmol = try validate("bloodGlucose", 5.5, unit: "mmol/L")
        #expect(abs(mmol.canonicalValue - 99) < 1e-9)
        #expect(mmol.warnings.isEmpty)
        // 2.5 mmol/L is 45 mg/dL: low, and the warning speaks millimoles.
        let low = try validate("bloodGlucose", 2.5, unit: "mmol/L")
        #expect(low.warnings.map(\.code) == ["unusually_low"])
        #expect(low.warnings.first?.message.en.contains("mmol/L") == true)
    }

    @Test func temperatureLimitReachedExactlyInFahrenheitIsAccepted() throws {
        // 86 °F and 113 °F are exactly the 30–45 °C limits; conversion noise must not refuse them.
        #expect(abs(try validate("bodyTemperature", 86, unit: "°F").canonicalValue - 30) < 1e-9)
        #expect(abs(try validate("bodyTemperature", 113, unit: "degF").canonicalValue - 45) < 1e-9)
        let error = refusal("bodyTemperature", 120, unit: "°F")
        #expect(error?.message.en.contains("86") == true)
        #expect(error?.message.en.contains("113") == true)
    }

    @Test func nonNumbersAreRefused() {
        for value in [Double.nan, .infinity, -.infinity] {
            let error = refusal("bodyMass", value)
            #expect(error?.code == "invalid_value")
            #expect(error?.message.ja.isEmpty == false && error?.message.en.isEmpty == false)
        }
    }

    @Test func unknownMetricAndUnitAreRefusedWithTheirNames() {
        let metric = refusal("happiness", 5)
        #expect(metric?.code == "unknown_metric")
        #expect(metric?.message.en.contains("happiness") == true)
        #expect(metric?.message.ja.contains("happiness") == true)
        let unit = refusal("bodyMass", 70, unit: "furlong")
        #expect(unit?.code == "unknown_unit")
        #expect(unit?.message.ja.contains("furlong") == true)
        #expect(unit?.httpStatus == 400)
    }

    @Test func endBeforeStartIsRefused() throws {
        let error = refusal("sleepAnalysis", 420, start: now, end: now.addingTimeInterval(-60))
        #expect(error == .invalidTimeRange)
        #expect(error?.code == "invalid_time_range")
        let sleep = try validate("sleep", 7, unit: "h", start: now.addingTimeInterval(-7 * 3600), end: now)
        #expect(sleep.canonicalValue == 420)
        #expect(sleep.end == now)
    }

    @Test func instantReadingsEndWhenTheyStart() throws {
        let reading = try validate("bodyMass", 70)
        #expect(reading.start == now && reading.end == now)
    }

    @Test func moreThanOneDayAheadIsRefused() throws {
        #expect(try validate("bodyMass", 70, start: now.addingTimeInterval(86_400)).canonicalValue == 70)
        let error = refusal("bodyMass", 70, start: now.addingTimeInterval(86_401))
        #expect(error == .futureTime)
        #expect(error?.code == "future_time")
        #expect(HealthError.futureTime.message.ja.isEmpty == false)
        #expect(try validate("bodyMass", 70, start: now.addingTimeInterval(-365 * 86_400)).warnings.isEmpty)
    }

    @Test func aSecondEntryWithinFiveMinutesIsFlagged() throws {
        let first = now
        let warning = try #require(
            MeasurementValidator.duplicateWarning(for: first.addingTimeInterval(299), existingStarts: [first])
        )
        #expect(warning.code == "possible_duplicate")
        #expect(!warning.message.ja.isEmpty && !warning.message.en.isEmpty)
        #expect(MeasurementValidator.duplicateWarning(for: first.addingTimeInterval(300), existingStarts: [first]) != nil)
        #expect(MeasurementValidator.duplicateWarning(for: first.addingTimeInterval(-300), existingStarts: [first]) != nil)
        #expect(MeasurementValidator.duplicateWarning(for: first.addingTimeInterval(301), existingStarts: [first]) == nil)
        #expect(MeasurementValidator.duplicateWarning(for: first, existingStarts: []) == nil)
        let hourAgo = first.addingTimeInterval(-3600)
        #expect(MeasurementValidator.duplicateWarning(for: first, existingStarts: [hourAgo, first.addingTimeInterval(120)]) != nil)
    }

    @Test func errorsAndWarningsKeepTheirWireShape() throws {
        let warning = try #require(try validate("steps", 60_000).warnings.first)
        let data = try JSONEncoder().encode(warning)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["code"] as? String == "unusually_high")
        #expect((object["message"] as? [String: String])?["ja"]?.isEmpty == false)
        #expect(HealthError.unknownMetric("x").description.hasPrefix("unknown_metric"))
        #expect(HealthError.invalidValue("abc").code == "invalid_value")
        #expect(HealthError.invalidValue("abc").message.ja.contains("abc"))
    }
}
