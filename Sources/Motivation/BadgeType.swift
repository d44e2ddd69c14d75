import Foundation

/// The seed's four kinds of badge; the raw values are the seed's Japanese names.
public enum BadgeType: String, Sendable, Hashable, Codable, CaseIterable {
    case streak = "継続"
    case milestone = "マイルストーン"
    case achievement = "達成"
    case special = "特別"
}
