import Foundation

/// The local days on which a metric has records, worked out from the hours that hold them (the hourly rollups), so
/// that a badge refresh, which follows every write, does not read every record of a large account.
///
/// Days are the metric's (`Metric.dayBoundary`): calendar days, or for sleep the days its nights end on.
///
/// An hour that lies within one local day gives that day. An hour that a day's start (local midnight, or 18:00 for
/// sleep) cuts (in a zone of half-hour offsets, such as India's, Iran's, Newfoundland's or South Australia's, one hour
/// of every day) or in which the zone changes its offset gives the day of its latest record, which the rollup keeps. Whether its records also fall on the
/// day before that, only the records tell, and that matters only when no other hour gave that day: those few hours
/// are `hoursToRead`, whose records' starts the caller reads and passes to `add(_:sweep:)`. Reading every record's
/// minute in such zones took a badge refresh of 557,037 records from 0.2 s (Tokyo) to 1.3–1.5 s (Kolkata).
public struct HourlyDataDays {
    /// An hour with records of the metric.
    public struct Hour: Sendable {
        /// The hour's first instant (a whole hour of UTC).
        public let start: Date
        /// When the hour's latest record starts.
        public let latestStart: Date

        public init(start: Date, latestStart: Date) {
            self.start = start
            self.latestStart = latestStart
        }
    }

    public private(set) var days: Set<LocalDay> = []
    /// The starts of the hours whose records must be read to know all their days, in the order given.
    public private(set) var hoursToRead: [Date] = []
    /// Where the metric's days begin; sleep's 18:00 is a whole hour, so it cuts no more hours than midnight does.
    public let boundary: DayBoundary

    /// `hours`: the metric's hours with records, best in ascending order (the sweep then asks the zone about once per
    /// offset change).
    public init(hours: [Hour], sweep: inout LocalDaySweep, boundary: DayBoundary = .midnight) {
        self.boundary = boundary
        var cut: [(hour: Hour, first: Int, oneOffset: Bool)] = []
        var dayNumbers: Set<Int> = []
        var previous: Int?
        for hour in hours {
            let (first, last, oneOffset) = sweep.dayNumbers(
                from: hour.start, to: hour.start.addingTimeInterval(3_599.999), boundary: boundary
            )
            if oneOffset && first == last {
                // Ascending hours: most follow another of the same day.
                if first != previous { dayNumbers.insert(first) }
                previous = first
                continue
            }
            dayNumbers.insert(sweep.dayNumber(of: hour.latestStart, boundary: boundary))
            cut.append((hour, first, oneOffset))
        }
        // With one offset through the hour, its records lie on its first day or on their latest one's; with an offset
        // change inside it nothing can be told without them.
        hoursToRead = cut.filter { !$0.oneOffset || !dayNumbers.contains($0.first) }.map(\.hour.start)
        days = Set(dayNumbers.map(LocalDay.init(dayNumber:)))
    }

    /// Adds the days of records' starts read from `hoursToRead`.
    public mutating func add(_ starts: [Date], sweep: inout LocalDaySweep) {
        for start in starts { days.insert(sweep.day(of: start, boundary: boundary)) }
        hoursToRead = []
    }
}
