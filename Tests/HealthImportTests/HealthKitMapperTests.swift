import Foundation
import Health
import HealthImport
import Testing

@Suite("Mapping HealthKit records to Kiroku's metrics")
struct HealthKitMapperTests {
    private static func byMetric(_ samples: [ImportedSample]) -> [String: [Double]] {
        Dictionary(grouping: samples, by: \.metric).mapValues { $0.map(\.value) }
    }

    @Test("Every record of the modern export lands on its metric with the catalog's canonical value")
    func valuesPerMetric() throws {
        let mapped = try FixtureFiles.mapped("export-modern.xml")
        let topLevel = mapped.compactMap { item -> ImportedSample? in
            if case let .record(.sample(sample)) = item { sample } else { nil }
        }
        let values = Self.byMetric(topLevel)
        #expect(topLevel.count == 19)
        #expect(values["bodyMass"]!.count == 2)
        #expect(values["bodyMass"]![0] == 70.5)
        #expect(abs(values["bodyMass"]![1] - 69.853_224_98) < 1e-6)
        #expect(values["stepCount"] == [1234, 766])
        #expect(values["activeEnergyBurned"]!.map { ($0 * 1000).rounded() / 1000 } == [10, 12])
        #expect(values["distanceWalkingRunning"] == [1609.344])
        #expect(values["heartRate"] == [88])
        #expect(values["heartRateVariability"] == [45.5])
        #expect(values["oxygenSaturation"]!.map { ($0 * 1000).rounded() / 1000 } == [97])
        // The unit states glucose's molar mass (180.15588 g/mol): 5.5 mmol/L is 99.09 mg/dL, not 5.5 × 18.
        #expect(abs(values["bloodGlucose"]![0] - 5.5 * 18.01558800000541) < 1e-9)
        #expect(abs(values["bodyTemperature"]![0] - 37) < 1e-9)
        #expect(values["sleepAnalysis"] == [90, 45])
        #expect(values["timeInBed"] == [420])
        #expect(values["mindfulMinutes"] == [5])
        #expect(values["bloodPressureSystolic"] == [120])
        #expect(values["bloodPressureDiastolic"] == [80])
        #expect(values["dietaryEnergy"] == [650])
    }

    @Test("Originals, offsets and metadata are kept")
    func originalsKept() throws {
        let samples = FixtureFiles.samples(try FixtureFiles.mapped("export-modern.xml"))
        let pounds = try #require(samples.first { $0.originalUnit == "lb" })
        #expect(pounds.originalValue == 154)
        #expect(pounds.utcOffsetSeconds == 9 * 3600)
        #expect(pounds.startAt == Date(timeIntervalSince1970: 1_709_332_800))
        let heart = try #require(samples.first { $0.metric == "heartRate" })
        #expect(heart.metadata == ["HKMetadataKeyHeartRateMotionContext": "0"])
        let deep = try #require(samples.first { $0.metric == "sleepAnalysis" && $0.value == 45 })
        #expect(deep.metadata?["HKCategoryValue"] == "HKCategoryValueSleepAnalysisAsleepDeep")
        #expect(deep.originalValue == 2700 && deep.originalUnit == "s")
        let hrv = try #require(samples.first { $0.metric == "heartRateVariability" })
        #expect(hrv.metadata?["children"]?.contains("\"bpm\":\"62\"") == true)
    }

    @Test("Unknown types, awake time, stand hours, unknown units and bad dates are kept raw with their reason, never dropped")
    func rawAndSkipped() throws {
        let mapped = try FixtureFiles.mapped("export-modern.xml")
        let raw = mapped.compactMap { item -> ImportedRawItem? in
            if case let .raw(raw) = item { raw } else if case let .record(.raw(raw)) = item { raw } else if case let .me(_, raw) = item { raw } else { nil }
        }
        #expect(raw.map(\.type) == [
            "Me", "HKCategoryTypeIdentifierSleepAnalysis", "HKCategoryTypeIdentifierAppleStandHour",
            "HKQuantityTypeIdentifierFutureThing", "HKDataTypeSleepDurationGoal", "HKQuantityTypeIdentifierBodyMass",
            "HKQuantityTypeIdentifierStepCount", "ActivitySummary", "ClinicalRecord",
        ])
        #expect(raw.map(\.reason) == [nil, .noMetric, .noMetric, .unknownType, .unknownType, .unknownUnit, .badDate, nil, nil])
        let future = raw[3]
        #expect(future.value == "3" && future.unit == "zorp")
        #expect(future.metadata == ["HKMetadataKeySomethingNew": "yes", "@newAttribute": "x", "keptRawReason": "unknown_type"])
        let stoneish = raw[5]
        #expect(stoneish.value == "11" && stoneish.unit == "stone-ish" && stoneish.sourceName == "Bad")
        #expect(stoneish.metadata["keptRawReason"] == "unknown_unit")
        let yesterday = raw[6]
        #expect(yesterday.startAt == nil && yesterday.attributes["startDate"] == "yesterday")
        #expect(raw[7].attributes["brandNewAttribute"] == "1")
        let skipped = mapped.compactMap { item -> SkipReason? in
            if case let .record(.skipped(_, reason)) = item { reason } else { nil }
        }
        #expect(skipped.isEmpty, "nothing is dropped")
    }

    @Test("A correlation's records have the same natural keys as their top-level copies, so they are stored once")
    func correlationKeys() throws {
        let mapped = try FixtureFiles.mapped("export-modern.xml")
        let topLevelKeys = Set(mapped.compactMap { item -> NaturalKey? in
            if case let .record(record) = item { record.naturalKey } else { nil }
        })
        let correlations = mapped.compactMap { item -> ImportedCorrelation? in
            if case let .correlation(correlation) = item { correlation } else { nil }
        }
        #expect(correlations.count == 2)
        #expect(correlations[0].memberKeys.count == 2)
        #expect(correlations[0].memberKeys.allSatisfy(topLevelKeys.contains))
        // Food: the energy repeats a top-level record, the protein appears only inside the correlation.
        #expect(correlations[1].memberKeys.filter(topLevelKeys.contains).count == 1)
        let distinct = Set(FixtureFiles.samples(mapped).map(\.naturalKey))
        #expect(distinct.count == 20)
    }

    @Test("Workouts: totals from attributes or from statistics, in minutes, metres and kilocalories")
    func workouts() throws {
        let workouts = try FixtureFiles.mapped("export-modern.xml").compactMap { item -> ImportedWorkout? in
            if case let .workout(workout) = item { workout } else { nil }
        }
        let run = workouts[0]
        #expect(run.activityType == "HKWorkoutActivityTypeRunning")
        #expect(run.durationMinutes == 30.5)
        #expect(run.energyKcal == 320)
        #expect(run.distanceMeters == 5100)
        #expect(run.statistics.count == 3)
        #expect(run.statistics[2].average == 150 && run.statistics[2].maximum == 178 && run.statistics[2].metric == "heartRate")
        #expect(run.events.map { $0["type"] } == ["HKWorkoutEventTypePause", "HKWorkoutEventTypeResume"])
        #expect(run.routeFiles == ["/workout-routes/route_2024-03-02_6.35am.gpx"])
        #expect(run.metadata["HKIndoorWorkout"] == "0")
        #expect(run.device == "<<HKDevice: 0x1>, name:Apple Watch>")
        let strength = workouts[1]
        #expect(strength.statistics.isEmpty)
        #expect(strength.durationMinutes == 45.2)
        #expect(strength.distanceMeters == 0)
        #expect(abs(strength.energyKcal! - 250) < 1e-9)
    }

    @Test("The 2015 shape: compact dates, `source` instead of `sourceName`, numeric sleep values, inline locations")
    func legacy() throws {
        let mapped = try FixtureFiles.mapped("export-legacy-2015.xml")
        let samples = FixtureFiles.samples(mapped)
        #expect(samples.map(\.metric) == ["stepCount", "bodyMass", "sleepAnalysis"])
        #expect(samples.map(\.value) == [523, 58.2, 420])
        #expect(samples[0].sourceName == "Hanako's iPhone")
        #expect(samples[0].utcOffsetSeconds == 3600)
        #expect(samples[0].startAt == Date(timeIntervalSince1970: 1_446_913_164))
        let workout = try #require(mapped.compactMap { item -> ImportedWorkout? in
            if case let .workout(workout) = item { workout } else { nil }
        }.first)
        #expect(workout.durationMinutes == 30)
        #expect(workout.distanceMeters == 2500)
        #expect(workout.energyKcal == 120)
        #expect(workout.metadata["inlineLocationCount"] == "2")
    }

    @Test("Dates keep their offset; both shapes parse; nonsense does not")
    func dates() {
        func exported(_ text: String) -> Instant? { try? Instant.parse(text, forms: .exportFiles) }
        let modern = exported("2024-03-01 07:42:10 +0900")
        #expect(modern?.utcOffsetSeconds == 32_400)
        #expect(modern?.date == Date(timeIntervalSince1970: 1_709_246_530))
        #expect(exported("2024-03-01 07:42:10 -0530")?.utcOffsetSeconds == -19_800)
        #expect(exported("20151107171924+0100")?.date == Date(timeIntervalSince1970: 1_446_913_164))
        #expect(exported("yesterday") == nil)
        #expect(exported("2024-13-01 07:42:10 +0900") == nil)
        #expect(exported("2023-02-29 07:42:10 +0900") == nil)
    }

    @Test("The 2015 statistics shape: average is the value, min/max/recordCount stay in the metadata")
    func legacyStatistics() throws {
        let mapped = try FixtureFiles.mapped("export-statistics-2015.xml")
        let samples = FixtureFiles.samples(mapped)
        let heart = samples.filter { $0.metric == "heartRate" }
        #expect(heart.count == 2)
        // 1.2 beats per second on average is 72 per minute.
        #expect(abs(heart[0].value - 72) < 1e-9)
        #expect(heart[0].originalValue == 1.2 && heart[0].originalUnit == "count/s")
        #expect(heart[0].metadata?["@min"] == "0.9")
        #expect(heart[0].metadata?["@max"] == "2.5")
        #expect(heart[0].metadata?["@recordCount"] == "144")
        #expect(heart[0].metadata?["@average"] == "1.2")
        #expect(heart[0].utcOffsetSeconds == 3600)
        #expect(abs(heart[1].value - 64) < 1e-9)
        let steps = try #require(samples.first { $0.metric == "stepCount" })
        #expect(steps.value == 8000, "a statistics record with a value keeps its value")
        let vo2 = samples.filter { $0.metric == "vo2Max" }.map(\.value)
        #expect(vo2 == [45.2, 44.1, 43.0])
        let glucose = try #require(samples.first { $0.metric == "bloodGlucose" })
        #expect(abs(glucose.value - 6.1 * 18.015588000005408) < 1e-9)
        let raw = mapped.compactMap { item -> ImportedRawItem? in
            if case let .record(.raw(raw)) = item { raw } else { nil }
        }
        #expect(raw.map(\.reason) == [.badValue, .unknownUnit])
        #expect(raw[0].attributes["min"] == "0.8", "a statistics record without average is kept as written")
        #expect(raw[1].unit == "beats/fortnight")
    }
}
