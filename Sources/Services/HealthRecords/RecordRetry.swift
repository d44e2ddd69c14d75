import Foundation
import Storage

/// Whether a record sent with a `clientId` the user already used is a retry of the create that stored `stored`:
/// the same record as it would be stored (metric, value and unit as validated and converted, times, offset, source
/// name, device and metadata). Times the client left out are the server's `now`, which a retry cannot repeat, so
/// they are not compared. See `IdempotentRetry` for why an edited record is always a retry.
struct RecordRetry {
    let input: RecordInput
    /// What this request would store.
    let record: HealthRecord

    func isAnswered(by stored: HealthRecord) -> Bool {
        if IdempotentRetry.changedSinceCreated(createdAt: stored.createdAt, updatedAt: stored.updatedAt) { return true }
        return stored.metric == record.metric
            && stored.originalUnit == record.originalUnit
            && IdempotentRetry.sameNumber(stored.originalValue, record.originalValue)
            && IdempotentRetry.sameNumber(stored.value, record.value)
            && (input.start == nil || IdempotentRetry.sameInstant(stored.startAt, record.startAt))
            // The end defaults to the start, so it is the client's choice whenever either was sent.
            && (input.start == nil && input.end == nil || IdempotentRetry.sameInstant(stored.endAt, record.endAt))
            && stored.utcOffsetSeconds == record.utcOffsetSeconds
            && stored.sourceName == record.sourceName
            && stored.device == record.device
            && stored.metadata == record.metadata
    }
}
