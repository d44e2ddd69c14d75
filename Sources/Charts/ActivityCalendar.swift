import Foundation

/// A year of days as a grid of squares, one column per week (Monday on top), each shaded by how much was done
/// that day — the "GitHub-style" calendar the BabySteps backlog asked for. A glance shows streaks and gaps
/// that a table of numbers hides.
public struct ActivityCalendar: Sendable {
    /// Counts per day: the date may be any instant inside the local day; days absent count as zero.
    public let counts: [ChartPoint]
    /// The last day shown (today, usually); the grid covers the year that ends on it.
    public let lastDay: Date
    public let timeZone: TimeZone
    public let title: String
    /// Used in cell tooltips: "3 steps" / "3 ステップ".
    public let unit: String
    public let language: ChartLanguage

    public static let cellSize = 10.0
    public static let cellGap = 2.0
    /// Fill per shading level, lightest (nothing done) to darkest.
    public static let levelColors = ["#ebedf0", "#9be9a8", "#40c463", "#30a14e", "#216e39"]

    public init(counts: [ChartPoint], lastDay: Date, timeZone: TimeZone, title: String, unit: String, language: ChartLanguage) {
        self.counts = counts
        self.lastDay = lastDay
        self.timeZone = timeZone
        self.title = title
        self.unit = unit
        self.language = language
    }

    /// Fixed thresholds rather than quantiles, so a day's shade means the same thing every week
    /// and a single busy day does not wash out the rest of the year: 0, 1, 2–3, 4–6, 7 or more.
    public static func level(for count: Int) -> Int {
        switch count {
        case ..<1: 0
        case 1: 1
        case 2...3: 2
        case 4...6: 3
        default: 4
        }
    }

    /// The days drawn: from the day after the same date a year earlier up to `lastDay`, 365 or 366 of them.
    public var days: [CalendarCell] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let end = calendar.startOfDay(for: lastDay)
        guard let yearBefore = calendar.date(byAdding: .year, value: -1, to: end),
              let start = calendar.date(byAdding: .day, value: 1, to: yearBefore)
        else { return [] }
        var totals: [Date: Int] = [:]
        for point in counts {
            totals[calendar.startOfDay(for: point.date), default: 0] += Int(point.value)
        }
        var cells: [CalendarCell] = []
        var day = start
        var column = 0
        while day <= end {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: day)
            // Calendar weekdays run Sunday = 1 … Saturday = 7; rows run Monday = 0 … Sunday = 6.
            let row = ((parts.weekday ?? 1) + 5) % 7
            if row == 0 && !cells.isEmpty { column += 1 }
            let count = totals[day] ?? 0
            cells.append(CalendarCell(
                year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
                column: column, row: row, count: count, level: Self.level(for: count)
            ))
            guard let next = calendar.date(byAdding: .day, value: 1, to: day) else { break }
            day = next
        }
        return cells
    }

    public func svg() -> String {
        let cells = days
        let columns = (cells.last?.column ?? 0) + 1
        let left = 22.0
        let top = 16.0
        let pitch = Self.cellSize + Self.cellGap
        var style = ChartStyle(width: left + Double(columns) * pitch + 4, height: top + 7 * pitch + 24)
        style.padding = ChartPadding(left: left, right: 4, top: top, bottom: 24)
        var writer = SVGWriter(style: style)
        let active = cells.filter { $0.count > 0 }
        writer.open(
            id: ChartIdentifier.make(kind: "calendar", title: title, points: counts.sorted { $0.date < $1.date }),
            kind: "activity-calendar",
            title: title,
            description: summary(days: cells.count, activeDays: active.count, total: active.reduce(0) { $0 + $1.count })
        )
        writer.open("g", [("class", "kc-axis kc-month-labels"), ("fill", style.textColor)])
        for cell in cells where cell.day == 1 || cell == cells.first && cell.day <= 7 {
            writer.element("text", [
                ("x", SVGNumber.coordinate(left + Double(cell.column) * pitch)),
                ("y", SVGNumber.coordinate(top - 5)),
            ], text: monthName(cell.month))
        }
        writer.end("g")
        writer.open("g", [("class", "kc-axis kc-weekday-labels"), ("fill", style.textColor)])
        for (row, name) in weekdayLabels {
            writer.element("text", [
                ("x", "0"),
                ("y", SVGNumber.coordinate(top + Double(row) * pitch + Self.cellSize - 1)),
            ], text: name)
        }
        writer.end("g")
        writer.open("g", [("class", "kc-cells")])
        for cell in cells {
            writer.element("rect", [
                ("class", "kc-day kc-level-\(cell.level)"),
                ("x", SVGNumber.coordinate(left + Double(cell.column) * pitch)),
                ("y", SVGNumber.coordinate(top + Double(cell.row) * pitch)),
                ("width", SVGNumber.coordinate(Self.cellSize)),
                ("height", SVGNumber.coordinate(Self.cellSize)),
                ("rx", "2"),
                ("fill", Self.levelColors[cell.level]),
                ("data-date", cell.isoDate),
                ("data-count", String(cell.count)),
            ], tooltip: "\(cell.isoDate): \(cell.count) \(unit)")
        }
        writer.end("g")
        legend(&writer, y: top + 7 * pitch + 8, right: style.width - 4)
        writer.close()
        return writer.markup
    }

    /// "Less ■■■■■ More", right-aligned under the grid.
    private func legend(_ writer: inout SVGWriter, y: Double, right: Double) {
        let (less, more) = language == .ja ? ("少ない", "多い") : ("Less", "More")
        let squaresWidth = Double(Self.levelColors.count) * (Self.cellSize + Self.cellGap)
        let moreWidth = TextMetrics.width(of: more, fontSize: 10)
        let squaresStart = right - moreWidth - 4 - squaresWidth
        writer.open("g", [("class", "kc-legend"), ("fill", "#4b5563")])
        writer.element("text", [
            ("x", SVGNumber.coordinate(squaresStart - 4)),
            ("y", SVGNumber.coordinate(y + Self.cellSize - 1)),
            ("text-anchor", "end"),
        ], text: less)
        for (level, color) in Self.levelColors.enumerated() {
            writer.element("rect", [
                ("class", "kc-legend-level kc-level-\(level)"),
                ("x", SVGNumber.coordinate(squaresStart + Double(level) * (Self.cellSize + Self.cellGap))),
                ("y", SVGNumber.coordinate(y)),
                ("width", SVGNumber.coordinate(Self.cellSize)),
                ("height", SVGNumber.coordinate(Self.cellSize)),
                ("rx", "2"),
                ("fill", color),
            ])
        }
        writer.element("text", [
            ("x", SVGNumber.coordinate(right)),
            ("y", SVGNumber.coordinate(y + Self.cellSize - 1)),
            ("text-anchor", "end"),
        ], text: more)
        writer.end("g")
    }

    private var weekdayLabels: [(Int, String)] {
        language == .ja ? [(0, "月"), (2, "水"), (4, "金")] : [(0, "Mon"), (2, "Wed"), (4, "Fri")]
    }

    private func monthName(_ month: Int) -> String {
        let english = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return language == .ja ? "\(month)月" : english[(month - 1) % 12]
    }

    private func summary(days: Int, activeDays: Int, total: Int) -> String {
        switch language {
        case .ja: "過去\(days)日間のうち\(activeDays)日に合計\(total) \(unit)。"
        case .en: "\(total) \(unit) on \(activeDays) of the last \(days) days."
        }
    }
}

/// One day's square in the activity calendar.
public struct CalendarCell: Sendable, Equatable {
    public let year: Int
    public let month: Int
    public let day: Int
    /// Week column, 0 = the oldest week.
    public let column: Int
    /// 0 = Monday … 6 = Sunday.
    public let row: Int
    public let count: Int
    public let level: Int

    public var isoDate: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }
}
