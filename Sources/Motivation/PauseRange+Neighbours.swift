import Foundation
import Health

extension PauseRange {
    /// Whether this pause may join the ones already declared. It may not share a day with one of them (a second tap
    /// on "Add" would otherwise list the same holiday twice), nor join them end to end into a run of more than
    /// ``maximumDays`` days: back-to-back pauses are one long break, which the limit is there to show.
    public func checkAddable(beside existing: [PauseRange]) throws(MotivationError) {
        if let shared = existing.filter({ $0.first <= last && first <= $0.last }).min(by: { $0.first < $1.first }) {
            throw .pauseOverlaps(first: shared.first, last: shared.last)
        }
        var runFirst = first, runLast = last
        var grew = true
        while grew {
            grew = false
            for other in existing where other.first <= runLast.adding(days: 1) && runFirst.adding(days: -1) <= other.last {
                if other.first < runFirst { runFirst = other.first; grew = true }
                if other.last > runLast { runLast = other.last; grew = true }
            }
        }
        let length = runFirst.days(until: runLast) + 1
        guard length <= Self.maximumDays else { throw .pausesInARowTooLong(first: runFirst, last: runLast, days: length) }
    }
}
