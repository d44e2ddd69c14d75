import Foundation
import Health
import Testing

/// A night's sleep counts for the day one wakes up (Apple Health's, Fitbit's and Oura's convention): a sleep record
/// that starts at 18:00 local time or later counts for the next day, one before 18:00 for its own. Every other metric
/// keeps calendar days.
@Suite struct DayBoundaryTests {
    let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let newYork = TimeZone(identifier: "America/New_York")!

    func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test func onlySleepAndTimeInBedStartTheirDayTheEveningBefore() {
        for metric in MetricCatalog.all {
            let expected: DayBoundary = ["sleepAnalysis", "timeInBed"].contains(metric.id) ? .eveningBefore : .midnight
            #expect(metric.dayBoundary == expected, "\(metric.id)")
        }
        #expect(DayBoundary.eveningBefore.secondsBeforeMidnight == 6 * 3_600)
    }

    @Test func sleepFromSixInTheEveningCountsForTheNextDayAndANapForItsOwn() {
        let sleep = DayBoundary.eveningBefore
        #expect(sleep.day(of: at("2026-11-20T17:59:59+09:00"), in: tokyo) == LocalDay("2026-11-20"), "an afternoon nap")
        #expect(sleep.day(of: at("2026-11-20T18:00:00+09:00"), in: tokyo) == LocalDay("2026-11-21"))
        #expect(sleep.day(of: at("2026-11-20T23:10:00+09:00"), in: tokyo) == LocalDay("2026-11-21"))
        #expect(sleep.day(of: at("2026-11-21T00:20:00+09:00"), in: tokyo) == LocalDay("2026-11-21"))
        #expect(sleep.day(of: at("2026-11-21T06:30:00+09:00"), in: tokyo) == LocalDay("2026-11-21"))
        #expect(DayBoundary.midnight.day(of: at("2026-11-20T23:10:00+09:00"), in: tokyo) == LocalDay("2026-11-20"))
        #expect(sleep.start(of: LocalDay("2026-11-21")!, in: tokyo) == at("2026-11-20T18:00:00+09:00"))
        #expect(DayBoundary.midnight.start(of: LocalDay("2026-11-21")!, in: tokyo) == at("2026-11-21T00:00:00+09:00"))
    }

    /// New York springs forward on 8 March 2026 and falls back on 1 November: sleep's day still runs from 18:00 local
    /// the evening before to 18:00 local, 23 and 25 hours long.
    @Test func sleepDaysRunFromSixToSixLocalAcrossDaylightSaving() {
        let sleep = DayBoundary.eveningBefore
        let spring = sleep.instants(from: LocalDay("2026-03-08")!, through: LocalDay("2026-03-08")!, in: newYork)
        #expect(spring == at("2026-03-07T18:00:00-05:00")..<at("2026-03-08T18:00:00-04:00"))
        #expect(spring.upperBound.timeIntervalSince(spring.lowerBound) == 23 * 3_600)
        let autumn = sleep.instants(from: LocalDay("2026-11-01")!, through: LocalDay("2026-11-01")!, in: newYork)
        #expect(autumn == at("2026-10-31T18:00:00-04:00")..<at("2026-11-01T18:00:00-05:00"))
        #expect(autumn.upperBound.timeIntervalSince(autumn.lowerBound) == 25 * 3_600)
        #expect(sleep.day(of: at("2026-03-08T17:59:00-04:00"), in: newYork) == LocalDay("2026-03-08"))
        #expect(sleep.day(of: at("2026-03-08T18:00:00-04:00"), in: newYork) == LocalDay("2026-03-09"))
    }

    /// The day an instant counts for is the one whose window holds it, in whole-hour, half-hour and quarter-hour zones
    /// through 2026: each day's first instant is its own, the instant before it the day before's, and so are the
    /// instants either side of every daylight-saving change. So the rule and the windows records are read in agree.
    @Test(arguments: ["America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "Asia/Kathmandu", "Europe/London"])
    func eachInstantLiesInTheWindowOfItsDay(identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let year = LocalDay(year: 2026, month: 1, day: 1)
        var changes: [Date] = []
        var after = year.start(in: zone)
        while let change = zone.nextDaylightSavingTimeTransition(after: after), change < year.adding(days: 365).start(in: zone) {
            changes.append(change)
            after = change
        }
        for boundary in [DayBoundary.midnight, .eveningBefore] {
            for offset in 0..<365 {
                let day = year.adding(days: offset)
                let start = boundary.start(of: day, in: zone)
                #expect(boundary.day(of: start, in: zone) == day, "\(day) starts at \(start)")
                #expect(boundary.day(of: start.addingTimeInterval(-1), in: zone) == day.adding(days: -1), "before \(day)")
            }
            for change in changes {
                for instant in [change.addingTimeInterval(-1), change] {
                    let day = boundary.day(of: instant, in: zone)
                    #expect(boundary.instants(from: day, through: day, in: zone).contains(instant), "\(instant) counts for \(day)")
                }
            }
        }
        #expect(changes.count == (["Asia/Kolkata", "Asia/Kathmandu"].contains(identifier) ? 0 : 2))
    }

    /// Apple Health writes a night as one record per stage segment; the night is one day's sleep, on the morning it
    /// ends, and the next afternoon's nap joins that day.
    @Test func aNightOfStageSegmentsIsOneDaysSleep() throws {
        let sleep = try #require(MetricCatalog.metric(named: "sleepAnalysis"))
        let segments = [
            ("2026-11-20T23:10:00+09:00", 30.0), ("2026-11-20T23:40:00+09:00", 40), ("2026-11-21T00:20:00+09:00", 200),
            ("2026-11-21T03:40:00+09:00", 170), ("2026-11-21T15:00:00+09:00", 25),
        ].map { start, minutes in TimedValue(value: minutes, start: at(start), end: at(start).addingTimeInterval(minutes * 60)) }
        let days = DailyAggregator.summaries(metric: sleep, values: segments, timeZone: tokyo)
        #expect(days.map(\.day) == [LocalDay("2026-11-21")!])
        #expect(days.map(\.value) == [465])
        // Steps at the same instants keep calendar days.
        let steps = DailyAggregator.summaries(metric: try #require(MetricCatalog.metric(named: "stepCount")), values: segments, timeZone: tokyo)
        #expect(steps.map(\.day.description) == ["2026-11-20", "2026-11-21"])
        #expect(steps.map(\.value) == [70, 395])
    }
}
