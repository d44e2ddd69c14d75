import Foundation

/// One day's opening: doors open, last order, doors close (all local wall-clock times).
public struct DailyHours: Sendable, Hashable, Codable {
    public var opens: TimeOfDay
    public var lastOrder: TimeOfDay
    public var closes: TimeOfDay

    public init(opens: TimeOfDay, lastOrder: TimeOfDay, closes: TimeOfDay) {
        self.opens = opens
        self.lastOrder = lastOrder
        self.closes = closes
    }

    /// "10:45-22:00", the design's `BusinessHours` text form.
    public var text: String { "\(opens)-\(closes)" }

    /// Sane hours: opens before last order, last order not after closing, all within one day.
    public var isValid: Bool { opens < lastOrder && lastOrder <= closes }
}
