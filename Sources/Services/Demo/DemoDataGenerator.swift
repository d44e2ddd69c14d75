import Foundation
import Health

/// A year of believable records for a demo account: a slow weight loss with day-to-day noise, steps that
/// dip at weekends, active calories that follow steps, resting-ish heart rates, a night's sleep that runs longer
/// at weekends and an evening mood that follows it, so the insights page has something true to find. Seeded, so
/// every demo looks the same and tests can rely on it.
public struct DemoDataGenerator: Sendable {
    public var days: Int
    public var seed: UInt64

    public init(days: Int = 365, seed: UInt64 = 2026) {
        self.days = days
        self.seed = seed
    }

    /// The newest day whose activity has begun by `now`: before 08:00 that is yesterday, so `--days 30` run at
    /// 02:00 still gives 30 days of steps instead of 29 and a day whose records would all lie in the future.
    public static func lastDay(at now: Date, in timeZone: TimeZone) -> LocalDay {
        let today = LocalDay(now, in: timeZone)
        return now < today.start(in: timeZone).addingTimeInterval(activityStartHour * 3600) ? today.adding(days: -1) : today
    }

    /// Steps and active energy are recorded from this hour of each day.
    static let activityStartHour = 8.0

    public func records(endingOn today: LocalDay, timeZone: TimeZone) -> [RecordInput] {
        var random = SplitMix64(seed: seed)
        // Sleep and mood draw from a stream of their own, so adding them left every other series as it was.
        var nights = SplitMix64(seed: seed &+ 1)
        var inputs: [RecordInput] = []
        inputs.reserveCapacity(days * 6)
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let day = today.adding(days: -offset)
            let start = day.start(in: timeZone)
            let progress = Double(days - 1 - offset) / Double(max(days - 1, 1))
            let weekend = day.weekday >= 6
            let offsetSeconds = timeZone.secondsFromGMT(for: start)
            func at(_ hour: Double) -> Date { start.addingTimeInterval(hour * 3600) }

            // Weighed most mornings, not all: a real log has gaps.
            if random.unit() < 0.85 {
                let weight = 74.0 - 5.0 * progress + 0.6 * sin(Double(offset) / 9) + random.gaussian() * 0.35
                inputs.append(RecordInput(metric: "bodyMass", value: (weight * 10).rounded() / 10, unit: "kg", start: at(7 + random.unit()), utcOffsetSeconds: offsetSeconds, sourceName: "Kiroku demo"))
            }
            let steps = max(800, (weekend ? 5200 : 8400) + 2600 * progress + random.gaussian() * 1800)
            inputs.append(RecordInput(metric: "stepCount", value: steps.rounded(), unit: "count", start: at(Self.activityStartHour), end: at(21), utcOffsetSeconds: offsetSeconds, sourceName: "Kiroku demo"))
            inputs.append(RecordInput(metric: "activeEnergyBurned", value: (steps * 0.045 + 60 + random.gaussian() * 25).rounded(), unit: "kcal", start: at(Self.activityStartHour), end: at(21), utcOffsetSeconds: offsetSeconds, sourceName: "Kiroku demo"))
            for hour in [8.0, 13.0, 19.0] {
                let rate = 64 - 4 * progress + random.gaussian() * 5 + (hour == 13 ? 8 : 0)
                inputs.append(RecordInput(metric: "heartRate", value: rate.rounded(), unit: "count/min", start: at(hour + random.unit()), utcOffsetSeconds: offsetSeconds, sourceName: "Kiroku demo"))
            }
            // The night that ends this morning: to bed around 23:15 (later before a weekend), 6–8.5 hours asleep.
            // Awake by 08:00, when the day's history begins (see `lastDay`), so no night ends in the future.
            let asleepHours = min(8.5, max(5, (weekend ? 7.6 : 6.9) + nights.gaussian() * 0.6))
            let bedtime = min(8 - asleepHours, -0.75 + nights.gaussian() * 0.4)
            inputs.append(RecordInput(metric: "sleepAnalysis", value: (asleepHours * 60).rounded(), unit: "min", start: at(bedtime), end: at(bedtime + asleepHours), utcOffsetSeconds: offsetSeconds, sourceName: "Kiroku demo"))
            // Rated most evenings; a good night shows in the day's mood.
            if nights.unit() < 0.8 {
                let mood = min(5, max(1, (3 + (asleepHours - 7.1) * 1.3 + nights.gaussian() * 0.5).rounded()))
                inputs.append(RecordInput(metric: "mood", value: mood, unit: "count", start: at(21 + nights.unit()), utcOffsetSeconds: offsetSeconds, sourceName: "Kiroku demo"))
            }
        }
        return inputs
    }
}

/// A small, fast, seedable generator: demo data must be the same on every machine.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }

    /// Box–Muller: a standard normal sample.
    mutating func gaussian() -> Double {
        let u1 = max(unit(), .leastNonzeroMagnitude)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
