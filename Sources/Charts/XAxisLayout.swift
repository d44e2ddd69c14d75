import Foundation

/// Chooses which days get an x label. Labels count back from the last day, because the most
/// recent day is the one a reader looks for, and the stride grows until labels neither exceed
/// `maxLabels` nor sit closer than one label's width.
struct XAxisLayout {
    static let maxLabels = 6
    private static let strides = [1, 2, 3, 7, 14, 21, 28]

    let calendar: DayCalendar
    let firstDayStart: Date
    let dayCount: Int
    /// View-box width of one day on the x axis.
    let dayWidth: Double
    let fontSize: Double

    /// Room one "12/31" label needs, plus a small gutter.
    var minimumGap: Double { TextMetrics.width(of: "12/31", fontSize: fontSize) + 6 }

    var stride: Int {
        guard dayCount > 1 else { return 1 }
        let forCount = Int((Double(dayCount - 1) / Double(Self.maxLabels - 1)).rounded(.up))
        let forGap = dayWidth > 0 ? Int((minimumGap / dayWidth).rounded(.up)) : dayCount
        let needed = Swift.max(1, forCount, forGap)
        if let stride = Self.strides.first(where: { $0 >= needed }) { return stride }
        return Int((Double(needed) / 7).rounded(.up)) * 7
    }

    /// Ticks in left-to-right order. `position` maps a day offset and that day's local midnight
    /// to an x coordinate; a tick that would still crowd its right-hand neighbour is dropped.
    func ticks(position: (_ dayIndex: Int, _ dayStart: Date) -> Double) -> [XAxisTick] {
        guard dayCount > 0 else { return [] }
        var ticks: [(tick: XAxisTick, day: Date)] = []
        for dayIndex in Swift.stride(from: dayCount - 1, through: 0, by: -stride) {
            let dayStart = calendar.dayStart(dayIndex, after: firstDayStart)
            let x = position(dayIndex, dayStart)
            if let previous = ticks.last, previous.tick.x - x < minimumGap { continue }
            ticks.append((XAxisTick(label: calendar.label(dayStart), x: x), dayStart))
        }
        ticks.reverse()
        let lastDay = calendar.dayStart(dayCount - 1, after: firstDayStart)
        guard calendar.year(firstDayStart) != calendar.year(lastDay) else { return ticks.map(\.tick) }
        // A chart across New Year names the year on its first label and wherever the year changes ("2026/1/5"),
        // dropping a plain label that the longer one would crowd.
        var labelled: [XAxisTick] = []
        var previousYear: Int?
        for (tick, day) in ticks {
            let year = calendar.year(day)
            let label = year == previousYear ? tick.label : "\(year)/\(tick.label)"
            previousYear = year
            if let last = labelled.last {
                let room = (TextMetrics.width(of: last.label, fontSize: fontSize) + TextMetrics.width(of: label, fontSize: fontSize)) / 2 + 6
                if tick.x - last.x < room {
                    if label.count > tick.label.count, labelled.count > 1 { labelled.removeLast() } else { continue }
                }
            }
            labelled.append(XAxisTick(label: label, x: tick.x))
        }
        return labelled
    }
}
