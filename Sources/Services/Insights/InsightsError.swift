import Health

/// Why a trends, insights or report request cannot be answered.
public typealias InsightsError = DomainRefusal<InsightsDomain>

/// Marks the InsightsError refusals.
public enum InsightsDomain: Sendable {}

extension DomainRefusal where Domain == InsightsDomain {
    /// A trends page for a metric the catalog does not know: there is no such page.
    public static func unknownMetric(_ name: String) -> InsightsError {
        InsightsError(
            code: "unknown_metric",
            message: LocalizedText(
                ja: "「\(name)」という記録項目はありません。",
                en: "There is no metric called \"\(name)\"."
            ),
            httpStatus: 404
        )
    }

    public static func invalidPeriod(_ text: String) -> InsightsError {
        InsightsError(
            code: "invalid_period",
            message: LocalizedText(
                ja: "期間「\(text)」は使えません。week、month、year、custom（from と to を指定）のいずれかを選んでください。",
                en: "The period \"\(text)\" is not one of week, month, year or custom (with from and to)."
            )
        )
    }

    /// Said as every other unreadable date is (`invalid_date`, the field, the value, the form).
    public static func invalidDay(_ name: String, _ text: String) -> InsightsError {
        InsightsError(ServiceError.invalidDate(name, text: text))
    }

    public static func rangeTooLong(maximumDays: Int) -> InsightsError {
        InsightsError(ServiceError.rangeTooLong(start: "from", end: "to", maximumDays: maximumDays))
    }

    public static func invalidMonth(_ text: String) -> InsightsError {
        InsightsError(
            code: "invalid_month",
            message: LocalizedText(
                ja: "月「\(text)」を読み取れません。YYYY-MM の形で指定してください（例: 2026-10）。",
                en: "Could not read the month \"\(text)\": give it as YYYY-MM (e.g. 2026-10)."
            )
        )
    }

    /// A report for a month that has not begun: there is nothing to report yet, and figures "as of" a later day
    /// would be made up (the weight trend carried forward past the last weighing).
    public static func monthNotStarted(_ month: String, current: String) -> InsightsError {
        InsightsError(
            code: "month_not_started",
            message: LocalizedText(
                ja: "\(month) はまだ始まっていないため、レポートはありません。いまの月は \(current) です。",
                en: "There is no report for \(month): that month has not started yet. The current month is \(current)."
            ),
            httpStatus: 404
        )
    }

    public static func invalidTarget(_ text: String) -> InsightsError {
        InsightsError(
            code: "invalid_target",
            message: LocalizedText(
                ja: "目標体重「\(text)」は使えません。20〜500 kg の数値を指定してください。",
                en: "The target weight \"\(text)\" is not usable: give a number of kilograms between 20 and 500."
            )
        )
    }
}
