import Foundation

/// How a service tells a retried create from a different request under the same client-chosen key: it compares
/// what the request would store with what the key stored, as stored (after validation, trimming and unit
/// conversion), so a retry that round-trips through them still matches. Storage only hands over what it has; the
/// decision and its refusal (`IdempotencyKeyReused`) are the service's.
///
/// An item its owner has changed since it was created is answered as a retry whatever the request holds: its
/// content no longer shows what the key first created, so a late retry of that create cannot be told from a
/// request for something else, and refusing a genuine retry would make a client's outbox stall.
public enum IdempotentRetry {
    /// SQLite keeps instants to the millisecond: a time sent with more digits comes back within this of itself.
    public static let storedTimePrecision: TimeInterval = 0.001

    /// Two numbers that are one value up to floating-point noise (a conversion and back, a REAL column).
    public static func sameNumber(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    public static func sameNumber(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (a?, b?): sameNumber(a, b)
        default: false
        }
    }

    /// Two instants that are one instant as stored.
    public static func sameInstant(_ a: Date, _ b: Date) -> Bool {
        abs(a.timeIntervalSince(b)) <= storedTimePrecision
    }

    /// Changed after it was created (a later `updatedAt`), so its content no longer shows what the key created.
    /// Both are read back from storage, where an item never changed has the two written alike.
    public static func changedSinceCreated(createdAt: Date, updatedAt: Date) -> Bool {
        updatedAt > createdAt
    }
}
