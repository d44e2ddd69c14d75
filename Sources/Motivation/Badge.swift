import Foundation
import Health

/// A badge that can be earned: the seed's model (name, description, type, requirement, icon, colours), with a
/// stable id so awards can be stored against it, and two flags of the trophy kind: hidden until earned, and
/// repeatable (earned again each time, e.g. every week a weekly goal is met).
public struct Badge: Sendable, Hashable, Codable, Identifiable {
    public let id: String
    public let name: LocalizedText
    public let description: LocalizedText
    public let type: BadgeType
    public let requirement: BadgeRequirement
    public let icon: BadgeIcon
    public let tier: BadgeTier
    public let isHidden: Bool
    public let isRepeatable: Bool

    public init(
        id: String,
        name: LocalizedText,
        description: LocalizedText,
        type: BadgeType,
        requirement: BadgeRequirement,
        icon: BadgeIcon,
        tier: BadgeTier,
        isHidden: Bool = false,
        isRepeatable: Bool = false
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.type = type
        self.requirement = requirement
        self.icon = icon
        self.tier = tier
        self.isHidden = isHidden
        self.isRepeatable = isRepeatable
    }

    public var colorScheme: BadgeColorScheme { tier.colorScheme }
}
