import Foundation

/// Which way a trend points, for an arrow that says it without a number.
public enum TrendDirection: String, Sendable, Hashable, Codable, CaseIterable {
    case up, down, flat

    public var arrow: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .flat: "→"
        }
    }
}
