import Foundation

/// A badge's three colours as hex strings, exactly the seed's per tier: the gradient runs primary → secondary,
/// the ring and icon use the accent.
public struct BadgeColorScheme: Sendable, Hashable, Codable {
    public let primary: String
    public let secondary: String
    public let accent: String

    public init(primary: String, secondary: String, accent: String) {
        self.primary = primary
        self.secondary = secondary
        self.accent = accent
    }

    public static let bronze = BadgeColorScheme(primary: "#CD7F32", secondary: "#8B4513", accent: "#FFD700")
    public static let silver = BadgeColorScheme(primary: "#C0C0C0", secondary: "#808080", accent: "#FFFFFF")
    public static let gold = BadgeColorScheme(primary: "#FFD700", secondary: "#FFA500", accent: "#FFFF00")
    public static let platinum = BadgeColorScheme(primary: "#E5E4E2", secondary: "#BCC6CC", accent: "#FFFFFF")
}

/// The level a badge is drawn at.
public enum BadgeTier: String, Sendable, Hashable, Codable, CaseIterable {
    case bronze, silver, gold, platinum

    public var colorScheme: BadgeColorScheme {
        switch self {
        case .bronze: .bronze
        case .silver: .silver
        case .gold: .gold
        case .platinum: .platinum
        }
    }
}
