import Foundation
import Health
import Testing

@Suite struct MetricCatalogTests {
    /// Every type and unit the gateway app sends, from reference/gateway-protocol.md.
    static let gatewayTypes: [(type: String, unit: String)] = [
        ("height", "cm"), ("bodyMass", "kg"), ("bodyMassIndex", "count"), ("bodyFatPercentage", "%"),
        ("leanBodyMass", "kg"), ("waistCircumference", "cm"),
        ("stepCount", "count"), ("distanceWalkingRunning", "m"), ("flightsClimbed", "count"),
        ("activeEnergyBurned", "kcal"), ("basalEnergyBurned", "kcal"), ("exerciseTime", "s"), ("exerciseTime", "min"),
        ("standHours", "s"),
        ("heartRate", "count/min"), ("restingHeartRate", "count/min"), ("heartRateVariability", "ms"),
        ("bloodPressureSystolic", "mmHg"), ("bloodPressureDiastolic", "mmHg"), ("oxygenSaturation", "%"),
        ("sleepAnalysis", "min"), ("timeInBed", "min"),
        ("dietaryEnergy", "kcal"), ("dietaryProtein", "g"), ("dietaryCarbohydrates", "g"), ("dietaryFat", "g"),
        ("dietaryFiber", "g"), ("dietarySugar", "g"), ("dietaryWater", "mL"),
        ("respiratoryRate", "count/min"), ("vo2Max", "mL/kg/min"),
        ("bloodGlucose", "mg/dL"), ("bodyTemperature", "°C"), ("bodyTemperature", "degC"), ("mindfulMinutes", "min"),
    ]

    @Test(arguments: gatewayTypes)
    func everyGatewayTypeAndUnitResolves(type: String, unit: String) throws {
        let metric = try #require(MetricCatalog.metric(named: type))
        #expect(metric.id == type)
        #expect(metric.unit(named: unit) != nil, "\(type) must accept \(unit)")
    }

    @Test func gatewayUnitsAreCanonicalWhereTheyCanBe() throws {
        for (type, unit) in Self.gatewayTypes where unit != "s" && unit != "°C" {
            let metric = try #require(MetricCatalog.metric(named: type))
            #expect(metric.unit(named: unit)?.factor == 1, "\(type) in \(unit) should need no conversion")
        }
    }

    @Test(arguments: [
        ("weight", "bodyMass"), ("weight_body_mass", "bodyMass"), ("WEIGHT", "bodyMass"), ("体重", "bodyMass"),
        ("steps", "stepCount"), ("step_count", "stepCount"), ("Step Count", "stepCount"),
        ("calories", "activeEnergyBurned"), ("active_calories", "activeEnergyBurned"),
        ("activeCalories", "activeEnergyBurned"), ("active_energy", "activeEnergyBurned"),
        ("heart_rate", "heartRate"), ("HEARTRATE", "heartRate"), ("resting_heart_rate", "restingHeartRate"),
        ("walking_running_distance", "distanceWalkingRunning"), ("blood_oxygen_saturation", "oxygenSaturation"),
        ("sleep_analysis", "sleepAnalysis"), ("total_fat", "dietaryFat"), ("protein", "dietaryProtein"),
        ("apple_exercise_time", "exerciseTime"), ("apple_stand_time", "standHours"), ("vo2_max", "vo2Max"),
        ("blood_glucose", "bloodGlucose"), ("mindful_minutes", "mindfulMinutes"), ("dietary_water", "dietaryWater"),
    ])
    func aliasesFindTheirMetric(alias: String, id: String) {
        #expect(MetricCatalog.metric(named: alias)?.id == id)
    }

    @Test func healthKitIdentifiersFindTheirMetric() {
        #expect(MetricCatalog.metric(named: "HKQuantityTypeIdentifierBodyMass")?.id == "bodyMass")
        #expect(MetricCatalog.metric(named: "hkquantitytypeidentifierstepcount")?.id == "stepCount")
        #expect(MetricCatalog.metric(named: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")?.id == "heartRateVariability")
        #expect(MetricCatalog.metric(named: "HKCategoryTypeIdentifierSleepAnalysis")?.id == "sleepAnalysis")
        #expect(MetricCatalog.metric(named: "HKCategoryValueSleepAnalysisInBed")?.id == "timeInBed")
        #expect(MetricCatalog.metric(named: "HKCategoryTypeIdentifierMindfulSession")?.id == "mindfulMinutes")
        for metric in MetricCatalog.all where metric.id != "timeInBed" {
            #expect(MetricCatalog.metric(named: metric.healthKitIdentifier)?.id == metric.id, "\(metric.id)")
        }
    }

    @Test func unknownNamesFindNothing() {
        #expect(MetricCatalog.metric(named: "HKQuantityTypeIdentifierDietaryVitaminC") == nil)
        #expect(MetricCatalog.metric(named: "") == nil)
        #expect(MetricCatalog.metric(named: "blood_pressure") == nil)
    }

    @Test func everyNameIsUnambiguous() {
        var owners: [String: String] = [:]
        for metric in MetricCatalog.all {
            for name in [metric.id] + metric.aliases {
                let key = name.lowercased().filter { $0 != "_" && $0 != "-" && $0 != " " }
                if let owner = owners[key], owner != metric.id {
                    Issue.record("\(name) names both \(owner) and \(metric.id)")
                }
                owners[key] = metric.id
            }
        }
        #expect(Set(MetricCatalog.all.map(\.id)).count == MetricCatalog.all.count)
    }

    @Test func coreMetricsAreTheOriginalFour() {
        #expect(MetricCatalog.core.map(\.id) == ["bodyMass", "stepCount", "activeEnergyBurned", "heartRate"])
    }

    @Test func everyMetricIsCompleteAndConsistent() {
        #expect(MetricCatalog.all.count >= 35)
        for metric in MetricCatalog.all {
            #expect(!metric.name.ja.isEmpty && !metric.name.en.isEmpty, "\(metric.id)")
            #expect(metric.healthKitIdentifier.hasPrefix("HK") || metric.isManualOnly, "\(metric.id)")
            #expect((0...3).contains(metric.decimals), "\(metric.id)")
            if let usual = metric.warningRange {
                #expect(metric.plausibleRange.lowerBound <= usual.lowerBound, "\(metric.id)")
                #expect(usual.upperBound <= metric.plausibleRange.upperBound, "\(metric.id)")
            }
        }
    }

    @Test func metricsAggregateAsTheirMeaningRequires() throws {
        #expect(try #require(MetricCatalog.metric(named: "stepCount")).aggregation == .cumulative)
        #expect(try #require(MetricCatalog.metric(named: "dietaryWater")).aggregation == .cumulative)
        #expect(try #require(MetricCatalog.metric(named: "bodyMass")).aggregation == .discrete)
        #expect(try #require(MetricCatalog.metric(named: "heartRate")).aggregation == .discrete)
        #expect(try #require(MetricCatalog.metric(named: "sleepAnalysis")).aggregation == .duration)
        #expect(try #require(MetricCatalog.metric(named: "mindfulMinutes")).aggregation == .duration)
    }

    @Test func japaneseNamesAreWhatAJapaneseHealthAppShows() throws {
        let expected = ["bodyMass": "体重", "stepCount": "歩数", "activeEnergyBurned": "アクティブエネルギー",
                        "heartRate": "心拍数", "bloodGlucose": "血糖値", "sleepAnalysis": "睡眠"]
        for (id, ja) in expected {
            #expect(try #require(MetricCatalog.metric(named: id)).name.ja == ja)
        }
    }

    @Test func everyCategoryHasMetricsAndNames() {
        for category in MetricCategory.allCases {
            #expect(!MetricCatalog.metrics(in: category).isEmpty, "\(category)")
            #expect(!category.name.ja.isEmpty && !category.name.en.isEmpty)
        }
        #expect(MetricCategory.heart.name.text(in: .ja) == "心臓")
    }

    @Test func recordSourcesKeepTheirWireNames() {
        #expect(RecordSource.allCases.map(\.rawValue) == ["manual", "import", "gateway", "health-auto-export", "sync"])
        #expect(RecordSource(rawValue: "health-auto-export") == .healthAutoExport)
        #expect(RecordSource.manual.name.ja == "手入力")
    }
}

@Suite struct MetricUnitLabelTests {
    @Test func peopleReadStepsAndBeatsNotCounts() {
        #expect(MetricCatalog.metric(named: "steps")?.unitLabel(in: .ja) == "歩")
        #expect(MetricCatalog.metric(named: "steps")?.unitLabel(in: .en) == "steps")
        #expect(MetricCatalog.metric(named: "heartRate")?.unitLabel(in: .en) == "bpm")
        #expect(MetricCatalog.metric(named: "bodyTemperature")?.unitLabel(in: .ja) == "℃")
        #expect(MetricCatalog.metric(named: "weight")?.unitLabel(in: .ja) == "kg")
    }
}
