import Foundation

/// The design's colours for a wait: ≤30 min green, 31–60 yellow, ≥61 red, gray when closed or unknown.
public enum WaitBand: String, Sendable, Hashable, Codable, CaseIterable {
    case green
    case yellow
    case red
    case gray

    public init(minutes: Int?, status: CurrentWait.Status) {
        guard status == .available, let minutes else {
            self = .gray
            return
        }
        switch minutes {
        case ...30: self = .green
        case 31...60: self = .yellow
        default: self = .red
        }
    }

    /// CSS colour used by the page, the CLI's ANSI colour, and the heat map.
    public var hex: String {
        switch self {
        case .green: "#2e7d32"
        case .yellow: "#f9a825"
        case .red: "#c62828"
        case .gray: "#9e9e9e"
        }
    }
}
