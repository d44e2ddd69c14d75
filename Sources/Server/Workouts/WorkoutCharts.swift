import Charts
import Foundation
import Health
import Workouts

/// The Workouts page's pictures: weekly volume with body weight over it, and e1RM lines for the main lifts.
enum WorkoutCharts {
    static func weekly(_ dashboard: WeeklyDashboard, strings: [String: String], language: Language) -> String {
        let weights = Dictionary(uniqueKeysWithValues: (dashboard.metrics.first { $0.metricKey == "body_weight" }?.points ?? []).map { ($0.weekStart, $0.value) })
        let points = dashboard.trend.map { week in
            WeeklyBarLinePoint(label: "\(week.weekStart.month)/\(week.weekStart.day)", bar: week.totalVolume, line: weights[week.weekStart])
        }
        return WeeklyBarLineChart(
            points: points, title: strings["woWeeklyVolume"]!, emptyMessage: strings["woNoHistory"]!, barUnit: "kg", lineUnit: "kg",
            legend: (bar: strings["woVolume"]!, line: strings["woBodyWeight"]!), language: language.chartLanguage
        ).svg()
    }

    /// One line chart per exercise, the three most-trained first.
    static func e1rm(_ dashboard: WeeklyDashboard, directory: [UUID: Exercise], timeZone: TimeZone, strings: [String: String], language: Language) -> [[String: String]] {
        dashboard.exercises.prefix(3).compactMap { progress in
            guard let exercise = directory[progress.exerciseId] else { return nil }
            let name = exercise.name.text(in: language)
            let chart = LineChart(
                points: progress.points.map { ChartPoint(date: WebFormatting.chartInstant($0.weekStart, timeZone: timeZone), value: $0.bestE1RM) },
                title: "\(strings["woE1rmTrend"]!): \(name)", emptyMessage: strings["woNoHistory"]!, valueDecimals: 1, unit: "kg",
                timeZone: timeZone, language: language.chartLanguage
            )
            return ["name": name, "svg": chart.svg()]
        }
    }
}
