import Foundation
import Health

/// Marker for the motivation domain's refusals.
public enum MotivationDomain: Sendable {}

/// A refusal from the motivation rules: a choice outside what the rules allow, said kindly in both languages.
public typealias MotivationError = DomainRefusal<MotivationDomain>

extension DomainRefusal where Domain == MotivationDomain {
    /// A pause longer than 90 days is a break, not a holiday; the streak should not pretend otherwise.
    public static func pauseTooLong(days: Int) -> MotivationError {
        MotivationError(
            code: "pause_too_long",
            message: LocalizedText(
                ja: "お休みは最長\(PauseRange.maximumDays)日までです（指定: \(days)日）",
                en: "A pause can last at most \(PauseRange.maximumDays) days (asked for \(days))."
            )
        )
    }

    public static var pauseEndsBeforeItStarts: MotivationError {
        MotivationError(
            code: "pause_reversed",
            message: LocalizedText(
                ja: "お休みの終了日は開始日以降にしてください",
                en: "A pause must end on or after the day it starts."
            )
        )
    }

    /// Faster than 1 % a week is not a pace health guidance supports; slower than 0.25 % shows no progress.
    public static func weightRateOutOfRange(_ percent: Double) -> MotivationError {
        MotivationError(
            code: "weight_rate_out_of_range",
            message: LocalizedText(
                ja: "減量ペースは週0.25〜1.0%の範囲で選んでください（指定: \(percent)%）",
                en: "Choose a weight-loss pace between 0.25 % and 1.0 % a week (asked for \(percent) %)."
            )
        )
    }
}
