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
                ja: "休止は最長\(PauseRange.maximumDays)日までです（指定: \(days)日）",
                en: "A pause can last at most \(PauseRange.maximumDays) days (asked for \(days))."
            )
        )
    }

    /// Names both fields as the API and the form call them (`first`, `last`), the days given and the rule, so the
    /// sender sees which day to change rather than only that something is wrong.
    public static func pauseEndsBeforeItStarts(first: LocalDay, last: LocalDay) -> MotivationError {
        MotivationError(
            code: "pause_reversed",
            message: LocalizedText(
                ja: "休止の期間が逆です: last（最終日 \(last)）は first（開始日 \(first)）と同じ日かそれより後にしてください",
                en: "The pause is reversed: last (the last day, \(last)) must be on or after first (the first day, \(first))."
            )
        )
    }

    /// Names the pause already holding those days, so the person can pick other days or remove that one.
    public static func pauseOverlaps(first: LocalDay, last: LocalDay) -> MotivationError {
        MotivationError(
            code: "pause_overlaps",
            message: LocalizedText(
                ja: "\(first)〜\(last) の休止と日が重なっています。重ならない日にするか、先にその休止を削除してください",
                en: "These days overlap the pause from \(first) to \(last): choose other days, or remove that pause first."
            ),
            httpStatus: 409
        )
    }

    /// Pauses that follow each other day after day count as one: together they may not pass the limit either.
    public static func pausesInARowTooLong(first: LocalDay, last: LocalDay, days: Int) -> MotivationError {
        MotivationError(
            code: "pause_too_long",
            message: LocalizedText(
                ja: "続けて休止できるのは最長\(PauseRange.maximumDays)日までです（隣り合う休止と合わせると \(first)〜\(last) の\(days)日）",
                en: "Pauses in a row can last at most \(PauseRange.maximumDays) days (with the pauses next to it: \(first) to \(last), \(days) days)."
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
