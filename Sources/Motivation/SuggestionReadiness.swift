import Foundation
import Health

/// Whether there is enough history to suggest anything: two weeks since the first record, with data on at least
/// 10 of the last 14 days. A suggestion from three days of data would be a guess dressed up as advice.
public enum SuggestionReadiness: Sendable {
    public static let windowDays = 14
    public static let minimumDataDays = 10

    public static func isReady(dataDays: Set<LocalDay>, today: LocalDay) -> Bool {
        guard let first = dataDays.min(), first.days(until: today) >= windowDays - 1 else { return false }
        return dataDaysInWindow(dataDays, endingOn: today) >= minimumDataDays
    }

    static func dataDaysInWindow(_ dataDays: Set<LocalDay>, endingOn today: LocalDay) -> Int {
        (0..<windowDays).count { dataDays.contains(today.adding(days: -$0)) }
    }
}
