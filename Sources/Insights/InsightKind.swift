import Foundation

/// How an insight reads, as the seed's `HealthInsight` has it: good news, a plain observation, or something
/// worth a look.
public enum InsightKind: String, Sendable, Codable {
    case positive
    case neutral
    case warning
}

/// How sure an insight is, from its q-value and the days behind it together: a tiny q from four weeks can
/// still be a fluke of one odd month, and many days with a borderline q are still borderline.
///
/// - high: q < 0.001 and at least 56 paired days (eight weeks);
/// - medium: q < 0.01 and at least 42 paired days (six weeks);
/// - low: anything else that passed the bar to be shown (q < 0.05, 28 days).
public enum InsightConfidence: String, Sendable, Codable, Comparable {
    case low
    case medium
    case high

    public static func from(qValue: Double, days: Int) -> InsightConfidence {
        if qValue < 0.001, days >= 56 { return .high }
        if qValue < 0.01, days >= 42 { return .medium }
        return .low
    }

    public static func < (lhs: InsightConfidence, rhs: InsightConfidence) -> Bool {
        let order: [InsightConfidence] = [.low, .medium, .high]
        return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
}

/// Which way of a metric is the better one, for deciding an insight's kind.
public enum PreferredDirection: Sendable, Equatable {
    case higher
    case lower
    case neither
}

/// What the person wants their weight to do; decides whether a falling trend is good news.
public enum WeightGoal: String, Sendable, Codable {
    case lose
    case gain
    case maintain
}
