import Foundation
import Health
@testable import WaitTimes

/// A made-up but shaped history: lunch and dinner peaks, rest days (weekends and holidays) far busier, noise on top.
/// Deterministic (a fixed-seed generator) so a failure reproduces.
struct SyntheticHistory {
    struct Generator {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// The wait the synthetic world "really" has at a time on a day, before noise.
    static func truth(_ day: LocalDay, _ time: TimeOfDay) -> Double {
        let hour = Double(time.minutes) / 60
        let lunch = exp(-pow((hour - 12.5) / 1.2, 2))
        let dinner = exp(-pow((hour - 18.5) / 1.3, 2))
        let peak = WaitForecast.isRestDay(day) ? 150.0 : 55.0
        return 10 + peak * max(lunch, 0.8 * dinner)
    }

    /// Observations every 15 minutes in opening hours of `store` from `first` through `last`.
    static func observations(store: Store, from first: LocalDay, through last: LocalDay, noise: Double = 25, seed: UInt64 = 42) -> [WaitObservation] {
        var generator = Generator(state: seed)
        var list: [WaitObservation] = []
        var day = first
        while day <= last {
            if let hours = store.hours(on: day) {
                var time = hours.opens
                while time < hours.closes {
                    let value = max(0, truth(day, time) + (generator.next() * 2 - 1) * noise)
                    let instant = day.start(in: tokyo).addingTimeInterval(Double(time.minutes * 60))
                    list.append(WaitObservation(storeId: store.id, observedAt: instant, minutes: Int(value.rounded()), status: .available, source: "synthetic"))
                    time = TimeOfDay(minutes: time.minutes + 15)
                }
            }
            day = day.adding(days: 1)
        }
        return list
    }
}
