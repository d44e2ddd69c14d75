/// The `<desc>` text a screen reader announces in place of the picture: how much data, over which
/// days, its range and the latest value, and the goal if one is drawn. Both chart kinds share it
/// so the two read alike, and each language gets whole sentences rather than translated fragments,
/// because Japanese and English order the date, the count and the values differently.
struct ChartSummary {
    /// What one entry is, which decides the counting word ("points" / "件", "days" / "日分").
    enum Entries {
        case measurements
        case days
        case weeks
        case months
    }

    let entries: Entries
    let count: Int
    /// Day labels ("M/d") of the first and last entry.
    let firstDay: String
    let lastDay: String
    /// Already formatted with their unit, so the summary reads exactly like the tooltips.
    let lowest: String
    let highest: String
    let latest: String
    let goal: String?

    func text(in language: ChartLanguage) -> String {
        switch language {
        case .en: english
        case .ja: japanese
        }
    }

    private var english: String {
        let noun = switch entries {
        case .measurements: count == 1 ? "point" : "points"
        case .days: count == 1 ? "day" : "days"
        case .weeks: count == 1 ? "week" : "weeks"
        case .months: count == 1 ? "month" : "months"
        }
        let period = firstDay == lastDay ? "on \(lastDay)" : "from \(firstDay) to \(lastDay)"
        var summary = "\(count) \(noun) \(period); min \(lowest), max \(highest), latest \(latest) on \(lastDay)"
        if let goal {
            summary += "; goal \(goal)"
        }
        return summary
    }

    /// "1/1〜3/1 の 49 件。最小 59.9 kg、最大 63.4 kg、最新 60.7 kg（3/1）。目標 65.0 kg"
    private var japanese: String {
        let counter = switch entries {
        case .measurements: "件"
        case .days: "日分"
        case .weeks: "週分"
        case .months: "か月分"
        }
        let period = firstDay == lastDay ? lastDay : "\(firstDay)〜\(lastDay)"
        var summary = "\(period) の \(count) \(counter)。最小 \(lowest)、最大 \(highest)、最新 \(latest)（\(lastDay)）"
        if let goal {
            summary += "。目標 \(goal)"
        }
        return summary
    }
}
