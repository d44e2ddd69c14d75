import Foundation
import Health

extension StoreSnapshot {
    /// What a person reads for the wait: 「25分待ち」, 「営業時間外」, 「本日の受付終了」 or 「待ち時間不明」.
    public var waitLabel: LocalizedText {
        if opening.state == .closed || (wait.status == .closed && !wait.receptionClosed) {
            return LocalizedText(ja: "営業時間外", en: "Closed now")
        }
        if wait.receptionClosed { return LocalizedText(ja: "本日の受付終了", en: "No more tickets today") }
        if wait.status == .available, let minutes = wait.minutes {
            return LocalizedText(ja: "\(minutes)分待ち", en: "\(minutes) min wait")
        }
        return LocalizedText(ja: "待ち時間不明", en: "Wait unknown")
    }

    /// 「12組待ち」, when the feed said.
    public var groupsLabel: LocalizedText? {
        wait.groups.map { LocalizedText(ja: "\($0)組待ち", en: "\($0) groups waiting") }
    }
}

extension StoreSnapshot {
    /// "850 m" or "12.3 km" from the reader, when known.
    public var distanceLabel: String? {
        distance.map { $0 < 1000 ? "\(Int($0.rounded())) m" : String(format: "%.1f km", $0 / 1000) }
    }
}

extension LocalInstant {
    /// "12:34" when `date` falls on the same local day as `now`, otherwise "11/21 12:34".
    public static func shortLabel(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let local = LocalInstant(date, in: timeZone)
        return local.day == LocalDay(now, in: timeZone) ? local.time.description : "\(local.day.month)/\(local.day.day) \(local.time)"
    }
}
