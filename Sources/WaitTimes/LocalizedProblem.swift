import Foundation
import Health

/// Validation failures of wait-time input, with the words shown to people.
public enum LocalizedProblem: String, DomainError, CaseIterable {
    case minutesOutOfRange = "invalid_minutes"
    case groupsOutOfRange = "invalid_groups"
    case minutesMissing = "minutes_required"

    public var code: String { rawValue }
    public var httpStatus: Int { 400 }

    public var message: LocalizedText {
        switch self {
        case .minutesOutOfRange: .init(ja: "待ち時間は 0〜1440 分で指定してください。", en: "The wait must be 0–1440 minutes.")
        case .groupsOutOfRange: .init(ja: "待ち組数は 0〜10000 で指定してください。", en: "Waiting groups must be 0–10000.")
        case .minutesMissing: .init(ja: "受付中の場合は待ち時間（分）が必要です。", en: "An available store needs a wait in minutes.")
        }
    }
}
