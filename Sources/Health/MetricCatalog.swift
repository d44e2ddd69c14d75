import Foundation

/// Every metric Kiroku knows, the single place units and believable ranges are defined.
///
/// Canonical units follow HealthKit's own where it has one, so gateway samples usually need no conversion.
/// Times (exercise, stand, sleep, mindful) are canonical in minutes: people think of them in minutes and hours,
/// and the gateway's seconds convert exactly. Percentages are canonical in "%" (97, not 0.97); HealthKit's
/// 0–1 form is accepted as the unit "fraction".
public enum MetricCatalog {
    public static let all: [Metric] = body + activity + heart + sleep + nutrition + respiratory + mindfulness + other

    /// Finds a metric by id, alias or HealthKit identifier, ignoring case, spaces, "-" and "_", so that
    /// "heart_rate", "Heart Rate" and "heartRate" are one name.
    public static func metric(named: String) -> Metric? {
        exactIndex[named] ?? index[normalized(named)]
    }

    /// Weight, steps, active calories and heart rate, in that order.
    public static var core: [Metric] {
        all.filter(\.isCore)
    }

    /// Metrics of one category, in catalog order.
    public static func metrics(in category: MetricCategory) -> [Metric] {
        all.filter { $0.category == category }
    }

    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { scalar in
            !(scalar == "_" || scalar == "-" || CharacterSet.whitespacesAndNewlines.contains(scalar))
        })
    }

    /// Every name exactly as the catalog spells it, answering what `index` answers for it: most lookups (every
    /// record of a batch) use a catalog spelling and skip normalising.
    private static let exactIndex: [String: Metric] = {
        var exact: [String: Metric] = [:]
        for metric in all {
            for name in [metric.id, metric.healthKitIdentifier] + metric.aliases {
                exact[name] = index[normalized(name)]
            }
        }
        return exact
    }()

    // First entry wins, which is how `sleepAnalysis` keeps the HealthKit identifier it shares with `timeInBed`.
    private static let index: [String: Metric] = {
        var index: [String: Metric] = [:]
        for metric in all {
            for name in [metric.id, metric.healthKitIdentifier] + metric.aliases {
                let key = normalized(name)
                if index[key] == nil { index[key] = metric }
            }
        }
        return index
    }()
}

// MARK: - Units

extension MetricCatalog {
    private static let kilograms = [
        UnitConversion(symbol: "kg", aliases: ["kgs", "kilogram", "kilograms", "キロ"]),
        UnitConversion(symbol: "g", aliases: ["gram", "grams"], factor: 0.001),
        UnitConversion(symbol: "lb", aliases: ["lbs", "pound", "pounds"], factor: 0.453_592_37),
        UnitConversion(symbol: "st", aliases: ["stone", "stones"], factor: 6.350_293_18),
    ]

    private static let bodyCentimetres = [
        UnitConversion(symbol: "cm", aliases: ["centimeter", "centimeters", "centimetre", "centimetres"]),
        UnitConversion(symbol: "m", aliases: ["meter", "meters", "metre", "metres"], factor: 100),
        UnitConversion(symbol: "mm", aliases: ["millimeter", "millimeters"], factor: 0.1),
        UnitConversion(symbol: "in", aliases: ["inch", "inches", "″"], factor: 2.54),
        UnitConversion(symbol: "ft", aliases: ["foot", "feet", "′"], factor: 30.48),
    ]

    private static let distanceMetres = [
        UnitConversion(symbol: "m", aliases: ["meter", "meters", "metre", "metres"]),
        UnitConversion(symbol: "km", aliases: ["kilometer", "kilometers", "kilometre", "kilometres"], factor: 1000),
        UnitConversion(symbol: "mi", aliases: ["mile", "miles"], factor: 1609.344),
        UnitConversion(symbol: "cm", aliases: ["centimeter", "centimeters"], factor: 0.01),
        UnitConversion(symbol: "in", aliases: ["inch", "inches"], factor: 0.0254),
        UnitConversion(symbol: "ft", aliases: ["foot", "feet"], factor: 0.3048),
        UnitConversion(symbol: "yd", aliases: ["yard", "yards"], factor: 0.9144),
    ]

    // "Cal" is the food-label kilocalorie. The small calorie is not offered: case-insensitive lookup would make
    // "cal" and "Cal" collide, and people who type "cal" on a health app mean kilocalories.
    private static let kilocalories = [
        UnitConversion(symbol: "kcal", aliases: ["Cal", "kcals", "kilocalorie", "kilocalories", "キロカロリー"]),
        UnitConversion(symbol: "kJ", aliases: ["kilojoule", "kilojoules"], factor: 1 / 4.184),
        UnitConversion(symbol: "J", aliases: ["joule", "joules"], factor: 1 / 4184),
    ]

    private static let minutes = [
        UnitConversion(symbol: "min", aliases: ["mins", "minute", "minutes", "分"]),
        UnitConversion(symbol: "s", aliases: ["sec", "secs", "second", "seconds", "秒"], factor: 1.0 / 60),
        UnitConversion(symbol: "h", aliases: ["hr", "hrs", "hour", "hours", "時間"], factor: 60),
    ]

    private static let beatsPerMinute = [
        UnitConversion(symbol: "count/min", aliases: ["bpm", "beats/min", "/min", "count/minute", "回/分"]),
        UnitConversion(symbol: "count/s", aliases: ["beats/s", "/s", "Hz"], factor: 60),
    ]

    private static let breathsPerMinute = [
        UnitConversion(symbol: "count/min", aliases: ["breaths/min", "brpm", "/min", "count/minute", "回/分"]),
        UnitConversion(symbol: "count/s", aliases: ["/s", "Hz"], factor: 60),
    ]

    private static let percent = [
        UnitConversion(symbol: "%", aliases: ["percent", "pct", "％"]),
        UnitConversion(symbol: "fraction", aliases: ["ratio"], factor: 100),
    ]

    private static let milliseconds = [
        UnitConversion(symbol: "ms", aliases: ["millisecond", "milliseconds"]),
        UnitConversion(symbol: "s", aliases: ["sec", "second", "seconds"], factor: 1000),
    ]

    private static let millimetresOfMercury = [
        UnitConversion(symbol: "mmHg", aliases: ["mm Hg", "mm[Hg]", "torr"]),
        UnitConversion(symbol: "kPa", aliases: ["kilopascal", "kilopascals"], factor: 7.500_616_827),
    ]

    private static let grams = [
        UnitConversion(symbol: "g", aliases: ["gram", "grams"]),
        UnitConversion(symbol: "mg", aliases: ["milligram", "milligrams"], factor: 0.001),
        UnitConversion(symbol: "oz", aliases: ["ounce", "ounces"], factor: 28.349_523_125),
    ]

    private static let milligrams = [
        UnitConversion(symbol: "mg", aliases: ["milligram", "milligrams"]),
        UnitConversion(symbol: "g", aliases: ["gram", "grams"], factor: 1000),
        UnitConversion(symbol: "mcg", aliases: ["µg", "μg", "ug", "microgram", "micrograms"], factor: 0.001),
    ]

    private static let millilitres = [
        UnitConversion(symbol: "mL", aliases: ["milliliter", "milliliters", "millilitre", "millilitres", "cc"]),
        UnitConversion(symbol: "L", aliases: ["liter", "liters", "litre", "litres"], factor: 1000),
        UnitConversion(symbol: "fl_oz", aliases: ["fl_oz_us", "fl oz", "floz", "fl. oz"], factor: 29.573_529_562_5),
        UnitConversion(symbol: "cup_us", aliases: ["cup", "cups"], factor: 236.588_236_5),
        // HealthKit's imperial and pint volumes (`HKUnit.fluidOunceImperial()`, `.cupImperial()`, `.pintUS()`, …).
        UnitConversion(symbol: "fl_oz_imp", factor: 28.413_062_5),
        UnitConversion(symbol: "cup_imp", factor: 284.130_625),
        UnitConversion(symbol: "pt_us", factor: 473.176_473),
        UnitConversion(symbol: "pt_imp", factor: 568.261_25),
    ]

    private static let vo2MaxUnits = [
        UnitConversion(
            symbol: "mL/kg/min",
            // HealthKit's unit string is `ml/(kg*min)`; exports wrote `mL/min·kg` and, in recent iOS, `mL/kg·min`.
            aliases: ["ml/(kg*min)", "mL/(kg·min)", "mL/min·kg", "ml/(kg⋅min)", "ml/min/kg", "mL/kg·min", "mL/kg⋅min",
                      "mL/min⋅kg", "mL/kg∙min", "mL/min∙kg", "mL/(min·kg)", "mL/(min*kg)", "mL/kg*min", "mL/min*kg"]
        )
    ]

    // Plain mmol/L is fixed at 18.0, the clinical rounding of glucose's molar mass (180.16 g/mol) that meters and
    // guidelines use. HealthKit's `mmol<180.15588000005408>/L` states its molar mass and converts with it
    // (`Metric.unit(named:)`).
    private static let glucoseUnits = [
        UnitConversion(symbol: "mg/dL", aliases: ["mg/100mL"]),
        UnitConversion(symbol: "mmol/L", aliases: ["mM"], factor: 18.0),
    ]

    private static let celsius = [
        UnitConversion(symbol: "degC", aliases: ["°C", "℃", "C", "celsius", "度"]),
        UnitConversion(symbol: "degF", aliases: ["°F", "℉", "F", "fahrenheit"], factor: 5.0 / 9, offset: -160.0 / 9),
        UnitConversion(symbol: "K", aliases: ["kelvin"], offset: -273.15),
    ]

    private static func counts(_ aliases: [String]) -> [UnitConversion] {
        [UnitConversion(symbol: "count", aliases: aliases)]
    }
}

// MARK: - Metrics

extension MetricCatalog {
    private static func hk(_ name: String) -> String { "HKQuantityTypeIdentifier" + name }

    private static let body: [Metric] = [
        Metric(
            id: "height", category: .body, canonicalUnit: "cm", units: bodyCentimetres, aggregation: .discrete,
            healthKitIdentifier: hk("Height"), aliases: ["body_height", "stature"],
            plausibleRange: 40...250, warningRange: 120...210,
            name: LocalizedText(ja: "身長", en: "Height"), decimals: 1, isCore: false
        ),
        Metric(
            id: "bodyMass", category: .body, canonicalUnit: "kg", units: kilograms, aggregation: .discrete,
            healthKitIdentifier: hk("BodyMass"), aliases: ["weight", "body_mass", "weight_body_mass", "体重"],
            plausibleRange: 30...200, warningRange: nil,
            name: LocalizedText(ja: "体重", en: "Weight"), decimals: 1, isCore: true
        ),
        Metric(
            id: "bodyMassIndex", category: .body, canonicalUnit: "count",
            units: counts(["kg/m2", "kg/m²", "kg/m^2", "BMI"]), aggregation: .discrete,
            healthKitIdentifier: hk("BodyMassIndex"), aliases: ["bmi", "body_mass_index"],
            plausibleRange: 10...80, warningRange: 16...40,
            name: LocalizedText(ja: "BMI", en: "Body Mass Index"), decimals: 1, isCore: false
        ),
        Metric(
            id: "bodyFatPercentage", category: .body, canonicalUnit: "%", units: percent, aggregation: .discrete,
            healthKitIdentifier: hk("BodyFatPercentage"), aliases: ["body_fat", "body_fat_percentage", "bodyFat", "体脂肪率"],
            plausibleRange: 2...75, warningRange: 5...50,
            name: LocalizedText(ja: "体脂肪率", en: "Body Fat Percentage"), decimals: 1, isCore: false
        ),
        Metric(
            id: "leanBodyMass", category: .body, canonicalUnit: "kg", units: kilograms, aggregation: .discrete,
            healthKitIdentifier: hk("LeanBodyMass"), aliases: ["lean_body_mass", "lean_mass", "除脂肪体重"],
            plausibleRange: 15...150, warningRange: 25...110,
            name: LocalizedText(ja: "除脂肪体重", en: "Lean Body Mass"), decimals: 1, isCore: false
        ),
        Metric(
            id: "waistCircumference", category: .body, canonicalUnit: "cm", units: bodyCentimetres,
            aggregation: .discrete,
            healthKitIdentifier: hk("WaistCircumference"), aliases: ["waist", "waist_circumference", "腹囲"],
            plausibleRange: 40...250, warningRange: 50...150,
            name: LocalizedText(ja: "腹囲", en: "Waist Circumference"), decimals: 1, isCore: false
        ),
    ]

    // Cumulative metrics warn only on the high side: a small sample is a partial amount, not an odd reading.
    private static let activity: [Metric] = [
        Metric(
            id: "stepCount", category: .activity, canonicalUnit: "count",
            units: counts(["steps", "step", "歩"]), aggregation: .cumulative,
            healthKitIdentifier: hk("StepCount"), aliases: ["steps", "step_count", "歩数"],
            plausibleRange: 0...100_000, warningRange: 0...50_000,
            name: LocalizedText(ja: "歩数", en: "Steps"), decimals: 0, isCore: true
        ),
        Metric(
            id: "distanceWalkingRunning", category: .activity, canonicalUnit: "m", units: distanceMetres,
            aggregation: .cumulative, healthKitIdentifier: hk("DistanceWalkingRunning"),
            aliases: ["walking_running_distance", "distance", "distance_walking_running", "walkingRunningDistance"],
            plausibleRange: 0...250_000, warningRange: 0...60_000,
            name: LocalizedText(ja: "歩行＋走行距離", en: "Walking + Running Distance"), decimals: 0, isCore: false
        ),
        Metric(
            id: "distanceCycling", category: .activity, canonicalUnit: "m", units: distanceMetres,
            aggregation: .cumulative, healthKitIdentifier: hk("DistanceCycling"),
            aliases: ["cycling_distance", "distance_cycling"],
            plausibleRange: 0...1_000_000, warningRange: 0...200_000,
            name: LocalizedText(ja: "サイクリングの距離", en: "Cycling Distance"), decimals: 0, isCore: false
        ),
        Metric(
            id: "flightsClimbed", category: .activity, canonicalUnit: "count",
            units: counts(["floors", "flights", "階"]), aggregation: .cumulative,
            healthKitIdentifier: hk("FlightsClimbed"), aliases: ["flights_climbed", "floors", "上った階数"],
            plausibleRange: 0...2000, warningRange: 0...300,
            name: LocalizedText(ja: "上った階数", en: "Flights Climbed"), decimals: 0, isCore: false
        ),
        Metric(
            id: "activeEnergyBurned", category: .activity, canonicalUnit: "kcal", units: kilocalories,
            aggregation: .cumulative, healthKitIdentifier: hk("ActiveEnergyBurned"),
            aliases: ["calories", "active_calories", "activeCalories", "active_energy", "active_energy_burned",
                      "アクティブエネルギー", "消費カロリー"],
            plausibleRange: 0...10_000, warningRange: 0...5_000,
            name: LocalizedText(ja: "アクティブエネルギー", en: "Active Energy"), decimals: 0, isCore: true
        ),
        Metric(
            id: "basalEnergyBurned", category: .activity, canonicalUnit: "kcal", units: kilocalories,
            aggregation: .cumulative, healthKitIdentifier: hk("BasalEnergyBurned"),
            aliases: ["basal_energy_burned", "resting_energy", "restingEnergy", "basal_calories", "安静時消費エネルギー"],
            plausibleRange: 0...6_000, warningRange: 0...4_000,
            name: LocalizedText(ja: "安静時消費エネルギー", en: "Resting Energy"), decimals: 0, isCore: false
        ),
        Metric(
            id: "exerciseTime", category: .activity, canonicalUnit: "min", units: minutes,
            aggregation: .cumulative, healthKitIdentifier: hk("AppleExerciseTime"),
            aliases: ["apple_exercise_time", "appleExerciseTime", "exercise_time", "exercise_minutes", "エクササイズ時間"],
            plausibleRange: 0...1_440, warningRange: 0...600,
            name: LocalizedText(ja: "エクササイズ時間", en: "Exercise Time"), decimals: 0, isCore: false
        ),
        // The gateway sends seconds under this name, which is HealthKit's stand *time*, not the count of stand hours.
        Metric(
            id: "standHours", category: .activity, canonicalUnit: "min", units: minutes,
            aggregation: .cumulative, healthKitIdentifier: hk("AppleStandTime"),
            aliases: ["apple_stand_time", "appleStandTime", "stand_time", "standTime", "スタンド時間"],
            plausibleRange: 0...1_440, warningRange: 0...720,
            name: LocalizedText(ja: "スタンド時間", en: "Stand Time"), decimals: 0, isCore: false
        ),
    ]

    private static let heart: [Metric] = [
        Metric(
            id: "heartRate", category: .heart, canonicalUnit: "count/min", units: beatsPerMinute,
            aggregation: .discrete, healthKitIdentifier: hk("HeartRate"),
            aliases: ["heart_rate", "pulse", "心拍数", "脈拍"],
            plausibleRange: 30...200, warningRange: 40...180,
            name: LocalizedText(ja: "心拍数", en: "Heart Rate"), decimals: 0, isCore: true
        ),
        Metric(
            id: "restingHeartRate", category: .heart, canonicalUnit: "count/min", units: beatsPerMinute,
            aggregation: .discrete, healthKitIdentifier: hk("RestingHeartRate"),
            aliases: ["resting_heart_rate", "安静時心拍数"],
            plausibleRange: 25...150, warningRange: 40...100,
            name: LocalizedText(ja: "安静時心拍数", en: "Resting Heart Rate"), decimals: 0, isCore: false
        ),
        Metric(
            id: "walkingHeartRateAverage", category: .heart, canonicalUnit: "count/min", units: beatsPerMinute,
            aggregation: .discrete, healthKitIdentifier: hk("WalkingHeartRateAverage"),
            aliases: ["walking_heart_rate_average", "walking_heart_rate", "歩行時平均心拍数"],
            plausibleRange: 40...200, warningRange: 60...150,
            name: LocalizedText(ja: "歩行時平均心拍数", en: "Walking Heart Rate Average"), decimals: 0, isCore: false
        ),
        Metric(
            id: "heartRateVariability", category: .heart, canonicalUnit: "ms", units: milliseconds,
            aggregation: .discrete, healthKitIdentifier: hk("HeartRateVariabilitySDNN"),
            aliases: ["heart_rate_variability", "hrv", "heartRateVariabilitySDNN", "心拍変動"],
            plausibleRange: 1...500, warningRange: 10...200,
            name: LocalizedText(ja: "心拍変動", en: "Heart Rate Variability"), decimals: 0, isCore: false
        ),
        Metric(
            id: "bloodPressureSystolic", category: .heart, canonicalUnit: "mmHg", units: millimetresOfMercury,
            aggregation: .discrete, healthKitIdentifier: hk("BloodPressureSystolic"),
            aliases: ["blood_pressure_systolic", "systolic", "収縮期血圧", "最高血圧"],
            plausibleRange: 50...280, warningRange: 90...180,
            name: LocalizedText(ja: "収縮期血圧", en: "Systolic Blood Pressure"), decimals: 0, isCore: false
        ),
        Metric(
            id: "bloodPressureDiastolic", category: .heart, canonicalUnit: "mmHg", units: millimetresOfMercury,
            aggregation: .discrete, healthKitIdentifier: hk("BloodPressureDiastolic"),
            aliases: ["blood_pressure_diastolic", "diastolic", "拡張期血圧", "最低血圧"],
            plausibleRange: 30...180, warningRange: 50...120,
            name: LocalizedText(ja: "拡張期血圧", en: "Diastolic Blood Pressure"), decimals: 0, isCore: false
        ),
        Metric(
            id: "oxygenSaturation", category: .heart, canonicalUnit: "%", units: percent,
            aggregation: .discrete, healthKitIdentifier: hk("OxygenSaturation"),
            aliases: ["blood_oxygen_saturation", "oxygen_saturation", "spo2", "blood_oxygen", "血中酸素濃度"],
            plausibleRange: 50...100, warningRange: 90...100,
            name: LocalizedText(ja: "血中酸素濃度", en: "Blood Oxygen"), decimals: 0, isCore: false
        ),
    ]

    // A night counts for the day one wakes up (`DayBoundary.eveningBefore`), time in bed with the sleep of that night.
    private static let sleep: [Metric] = [
        Metric(
            id: "sleepAnalysis", category: .sleep, canonicalUnit: "min", units: minutes, aggregation: .duration,
            healthKitIdentifier: "HKCategoryTypeIdentifierSleepAnalysis",
            aliases: ["sleep", "sleep_analysis", "asleep", "sleep_minutes", "睡眠", "睡眠時間"],
            plausibleRange: 0...1_440, warningRange: 0...960,
            name: LocalizedText(ja: "睡眠", en: "Sleep"), decimals: 0, isCore: false, dayBoundary: .eveningBefore
        ),
        // HealthKit records time in bed as a value of the sleep type; that value's name is an alias here so an
        // importer can route such samples.
        Metric(
            id: "timeInBed", category: .sleep, canonicalUnit: "min", units: minutes, aggregation: .duration,
            healthKitIdentifier: "HKCategoryTypeIdentifierSleepAnalysis",
            aliases: ["time_in_bed", "in_bed", "inBed", "HKCategoryValueSleepAnalysisInBed", "ベッドにいた時間"],
            plausibleRange: 0...1_440, warningRange: 0...960,
            name: LocalizedText(ja: "ベッドにいた時間", en: "Time in Bed"), decimals: 0, isCore: false,
            dayBoundary: .eveningBefore
        ),
    ]

    private static let nutrition: [Metric] = [
        Metric(
            id: "dietaryEnergy", category: .nutrition, canonicalUnit: "kcal", units: kilocalories,
            aggregation: .cumulative, healthKitIdentifier: hk("DietaryEnergyConsumed"),
            aliases: ["dietary_energy", "dietaryEnergyConsumed", "dietary_calories", "calories_consumed", "摂取エネルギー"],
            plausibleRange: 0...20_000, warningRange: 0...6_000,
            name: LocalizedText(ja: "摂取エネルギー", en: "Dietary Energy"), decimals: 0, isCore: false
        ),
        Metric(
            id: "dietaryProtein", category: .nutrition, canonicalUnit: "g", units: grams,
            aggregation: .cumulative, healthKitIdentifier: hk("DietaryProtein"),
            aliases: ["protein", "dietary_protein", "たんぱく質"],
            plausibleRange: 0...1_000, warningRange: 0...400,
            name: LocalizedText(ja: "たんぱく質", en: "Protein"), decimals: 1, isCore: false
        ),
        Metric(
            id: "dietaryCarbohydrates", category: .nutrition, canonicalUnit: "g", units: grams,
            aggregation: .cumulative, healthKitIdentifier: hk("DietaryCarbohydrates"),
            aliases: ["carbohydrates", "carbs", "dietary_carbohydrates", "炭水化物"],
            plausibleRange: 0...2_000, warningRange: 0...800,
            name: LocalizedText(ja: "炭水化物", en: "Carbohydrates"), decimals: 1, isCore: false
        ),
        Metric(
            id: "dietaryFat", category: .nutrition, canonicalUnit: "g", units: grams,
            aggregation: .cumulative, healthKitIdentifier: hk("DietaryFatTotal"),
            aliases: ["total_fat", "fat", "dietary_fat", "dietaryFatTotal", "脂質"],
            plausibleRange: 0...1_000, warningRange: 0...300,
            name: LocalizedText(ja: "脂質", en: "Total Fat"), decimals: 1, isCore: false
        ),
        Metric(
            id: "dietaryFiber", category: .nutrition, canonicalUnit: "g", units: grams,
            aggregation: .cumulative, healthKitIdentifier: hk("DietaryFiber"),
            aliases: ["fiber", "fibre", "dietary_fiber", "食物繊維"],
            plausibleRange: 0...300, warningRange: 0...100,
            name: LocalizedText(ja: "食物繊維", en: "Fiber"), decimals: 1, isCore: false
        ),
        Metric(
            id: "dietarySugar", category: .nutrition, canonicalUnit: "g", units: grams,
            aggregation: .cumulative, healthKitIdentifier: hk("DietarySugar"),
            aliases: ["sugar", "dietary_sugar", "糖類"],
            plausibleRange: 0...1_000, warningRange: 0...300,
            name: LocalizedText(ja: "糖類", en: "Sugar"), decimals: 1, isCore: false
        ),
        Metric(
            id: "dietarySodium", category: .nutrition, canonicalUnit: "mg", units: milligrams,
            aggregation: .cumulative, healthKitIdentifier: hk("DietarySodium"),
            aliases: ["sodium", "dietary_sodium", "ナトリウム"],
            plausibleRange: 0...50_000, warningRange: 0...10_000,
            name: LocalizedText(ja: "ナトリウム", en: "Sodium"), decimals: 0, isCore: false
        ),
        Metric(
            id: "dietaryCaffeine", category: .nutrition, canonicalUnit: "mg", units: milligrams,
            aggregation: .cumulative, healthKitIdentifier: hk("DietaryCaffeine"),
            aliases: ["caffeine", "dietary_caffeine", "カフェイン"],
            plausibleRange: 0...5_000, warningRange: 0...600,
            name: LocalizedText(ja: "カフェイン", en: "Caffeine"), decimals: 0, isCore: false
        ),
        Metric(
            id: "dietaryWater", category: .nutrition, canonicalUnit: "mL", units: millilitres,
            aggregation: .cumulative, healthKitIdentifier: hk("DietaryWater"),
            aliases: ["water", "dietary_water", "水分"],
            plausibleRange: 0...20_000, warningRange: 0...6_000,
            name: LocalizedText(ja: "水分", en: "Water"), decimals: 0, isCore: false
        ),
    ]

    private static let respiratory: [Metric] = [
        Metric(
            id: "respiratoryRate", category: .respiratory, canonicalUnit: "count/min", units: breathsPerMinute,
            aggregation: .discrete, healthKitIdentifier: hk("RespiratoryRate"),
            aliases: ["respiratory_rate", "breathing_rate", "呼吸数"],
            plausibleRange: 4...60, warningRange: 8...30,
            name: LocalizedText(ja: "呼吸数", en: "Respiratory Rate"), decimals: 0, isCore: false
        ),
        Metric(
            id: "vo2Max", category: .respiratory, canonicalUnit: "mL/kg/min", units: vo2MaxUnits,
            aggregation: .discrete, healthKitIdentifier: hk("VO2Max"),
            aliases: ["vo2_max", "vo2max", "cardio_fitness", "最大酸素摂取量"],
            plausibleRange: 8...100, warningRange: 15...85,
            name: LocalizedText(ja: "最大酸素摂取量", en: "VO2 Max"), decimals: 1, isCore: false
        ),
    ]

    private static let mindfulness: [Metric] = [
        Metric(
            id: "mindfulMinutes", category: .mindfulness, canonicalUnit: "min", units: minutes,
            aggregation: .duration, healthKitIdentifier: "HKCategoryTypeIdentifierMindfulSession",
            aliases: ["mindful_minutes", "mindful_session", "mindfulSession", "mindfulness", "マインドフルネス"],
            plausibleRange: 0...1_440, warningRange: 0...240,
            name: LocalizedText(ja: "マインドフル時間", en: "Mindful Minutes"), decimals: 0, isCore: false
        ),
        // Manual 1–5 scores, so "activity vs mood" can be asked. HealthKit has no such type, so their identifiers
        // are Kiroku's own (`isManualOnly`): no import or gateway sample ever carries them.
        Metric(
            id: "mood", category: .mindfulness, canonicalUnit: "count", units: counts(["score", "点", "/5"]),
            aggregation: .discrete, healthKitIdentifier: manualOnlyPrefix + "Mood",
            aliases: ["mood_score", "moodScore", "気分"],
            plausibleRange: 1...5, warningRange: nil,
            name: LocalizedText(ja: "気分", en: "Mood"), decimals: 0, isCore: false
        ),
        Metric(
            id: "energy", category: .mindfulness, canonicalUnit: "count", units: counts(["score", "点", "/5"]),
            aggregation: .discrete, healthKitIdentifier: manualOnlyPrefix + "Energy",
            aliases: ["energy_score", "energyScore", "energy_level", "元気度", "元気"],
            plausibleRange: 1...5, warningRange: nil,
            name: LocalizedText(ja: "元気度", en: "Energy"), decimals: 0, isCore: false
        ),
    ]

    /// The identifier prefix of metrics only a person enters (mood, energy): not HealthKit types.
    public static let manualOnlyPrefix = "KirokuManual"

    private static let other: [Metric] = [
        Metric(
            id: "bloodGlucose", category: .other, canonicalUnit: "mg/dL", units: glucoseUnits,
            aggregation: .discrete, healthKitIdentifier: hk("BloodGlucose"),
            aliases: ["blood_glucose", "glucose", "blood_sugar", "血糖値"],
            plausibleRange: 20...600, warningRange: 50...400,
            name: LocalizedText(ja: "血糖値", en: "Blood Glucose"), decimals: 0, isCore: false
        ),
        Metric(
            id: "bodyTemperature", category: .other, canonicalUnit: "degC", units: celsius,
            aggregation: .discrete, healthKitIdentifier: hk("BodyTemperature"),
            aliases: ["body_temperature", "temperature", "体温"],
            plausibleRange: 30...45, warningRange: 35...39,
            name: LocalizedText(ja: "体温", en: "Body Temperature"), decimals: 1, isCore: false
        ),
    ]
}
