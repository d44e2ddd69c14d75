import Foundation

/// Where everything in a `LineChart` is drawn, in view-box units.
public struct LineChartGeometry: Sendable, Equatable {
    /// Consecutive daily points more than this many calendar days apart are not joined: a straight
    /// line across weeks without data would suggest a trend nobody measured. Weekly and monthly points are joined
    /// only to the next week or month (`ChartBucket`).
    public static let maximumJoinedGapDays = 7

    public let plot: ChartRect
    /// The series in date order.
    public let points: [PlottedPoint]
    /// `points` split wherever the gap exceeds `maximumJoinedGapDays`, or skips a week or month; each is drawn as its
    /// own path.
    public let segments: [[PlottedPoint]]
    /// The moving average in date order.
    public let movingAverage: [PlottedPoint]
    public let movingAverageSegments: [[PlottedPoint]]
    /// The min–max band in date order, split at the same gaps as the line; empty without one.
    public let bandSegments: [[PlottedBand]]
    public let yTicks: [YAxisTick]
    public let xTicks: [XAxisTick]
    /// The values at the bottom and top of the plot.
    public let valueRange: ClosedRange<Double>
    /// Where the goal line is drawn; nil without a goal, with a non-finite one, or with no data.
    public let goalY: Double?

    public var isEmpty: Bool { points.isEmpty }

    init(
        points rawPoints: [ChartPoint],
        movingAverage rawAverage: [ChartPoint],
        band rawBand: [ChartBand] = [],
        goal rawGoal: Double?,
        valueDecimals: Int,
        timeZone: TimeZone,
        style: ChartStyle,
        bucket: ChartBucket = .day,
        span: ClosedRange<Date>? = nil
    ) {
        let plot = style.plot
        self.plot = plot
        let series = Self.sortedFinite(rawPoints)
        let average = series.isEmpty ? [] : Self.sortedFinite(rawAverage)
        let band = series.isEmpty ? [] : rawBand.filter { $0.low.isFinite && $0.high.isFinite }.sorted { $0.date < $1.date }
        let everything = series + average
        let goal = rawGoal.flatMap { $0.isFinite ? $0 : nil }
        // The goal takes part in the value range so that a target below (or above) every
        // measurement, the usual case while working towards it, is still on the chart; so does the band.
        let values = everything.map(\.value) + (goal.map { [$0] } ?? []) + band.flatMap { [$0.low, $0.high] }
        // A requested period is drawn whole (see `BarChartGeometry`): with data, the axis reaches the span's ends.
        let spanEnds = series.isEmpty ? [] : span.map { [$0.lowerBound, $0.upperBound] } ?? []
        let dates = everything.map(\.date) + spanEnds
        guard let firstDate = dates.min(), let lastDate = dates.max(), let lowest = values.min(), let highest = values.max()
        else {
            points = []
            segments = []
            movingAverage = []
            movingAverageSegments = []
            bandSegments = []
            yTicks = []
            xTicks = []
            valueRange = 0...1
            goalY = nil
            return
        }

        // A little headroom keeps the extreme points off the top and bottom grid lines, but a
        // never-negative metric must not get a negative axis just for that.
        let headroom = (highest - lowest) * 0.05
        let lower = lowest >= 0 ? Swift.max(0, lowest - headroom) : lowest - headroom
        let scale = YScale(lower: lower, upper: highest + headroom, plot: plot, valueDecimals: valueDecimals)

        // Inset so the first and last dots are not cut by the plot edge or hidden by the y labels.
        let inset = style.pointRadius + 2
        let left = plot.x + inset
        let right = Swift.max(left, plot.maxX - inset)
        let span = lastDate.timeIntervalSince(firstDate)
        func x(_ date: Date) -> Double {
            span > 0 ? left + date.timeIntervalSince(firstDate) / span * (right - left) : plot.midX
        }
        func plotted(_ point: ChartPoint) -> PlottedPoint {
            PlottedPoint(point: point, x: x(point.date), y: scale.y(point.value))
        }

        let calendar = DayCalendar(timeZone: timeZone)
        points = series.map(plotted)
        movingAverage = average.map(plotted)
        segments = Self.split(points, bucket: bucket, calendar: calendar)
        // The average is a day's, whatever the series' marks are.
        movingAverageSegments = Self.split(movingAverage, bucket: .day, calendar: calendar)
        var bandSegments: [[PlottedBand]] = []
        for day in band {
            let plotted = PlottedBand(band: day, x: x(Swift.min(Swift.max(day.date, firstDate), lastDate)), lowY: scale.y(day.low), highY: scale.y(day.high))
            if let previous = bandSegments.last?.last,
               calendar.days(from: previous.band.date, to: day.date) <= Self.maximumJoinedGapDays {
                bandSegments[bandSegments.count - 1].append(plotted)
            } else {
                bandSegments.append([plotted])
            }
        }
        self.bandSegments = bandSegments
        yTicks = scale.axisTicks
        valueRange = scale.lower...scale.upper
        goalY = goal.map(scale.y)

        let firstDayStart = calendar.startOfDay(firstDate)
        var firstDateOfDay: [Int: Date] = [:]
        for point in everything {
            let day = calendar.days(from: firstDayStart, to: point.date)
            firstDateOfDay[day] = Swift.min(firstDateOfDay[day] ?? point.date, point.date)
        }
        let layout = XAxisLayout(
            calendar: calendar,
            firstDayStart: firstDayStart,
            dayCount: calendar.days(from: firstDate, to: lastDate) + 1,
            dayWidth: span > 0 ? (right - left) * 86_400 / span : plot.width,
            fontSize: style.fontSize
        )
        // A label sits under its day's first dot, so a reader can match a dot to its date; a day
        // without data (inside a gap) is labelled at local noon, the middle of where it would be.
        xTicks = layout.ticks { dayIndex, dayStart in
            let noon = Swift.min(Swift.max(dayStart.addingTimeInterval(12 * 3_600), firstDate), lastDate)
            return x(firstDateOfDay[dayIndex] ?? noon)
        }
    }

    /// Date order with ties kept in input order, so equal input always renders identically;
    /// NaN and infinite values are dropped because no coordinate can represent them.
    private static func sortedFinite(_ points: [ChartPoint]) -> [ChartPoint] {
        points.enumerated()
            .filter { $0.element.value.isFinite }
            .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
            .map(\.element)
    }

    private static func split(_ points: [PlottedPoint], bucket: ChartBucket, calendar: DayCalendar) -> [[PlottedPoint]] {
        var segments: [[PlottedPoint]] = []
        var current: [PlottedPoint] = []
        for point in points {
            if let previous = current.last, !bucket.joins(previous.point.date, to: point.point.date, in: calendar) {
                segments.append(current)
                current = []
            }
            current.append(point)
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }
}
