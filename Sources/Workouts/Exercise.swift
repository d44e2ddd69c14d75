import Foundation
import Health

/// An exercise a set can be logged against: one of the official catalog, or a user's own (custom) one.
public struct Exercise: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let name: LocalizedText
    public let equipment: Equipment
    /// Muscle-group shares in thousandths summing to 1000; empty for custom exercises (unknown muscles).
    public let shares: [MuscleShare]
    /// Other names the exercise is known by in other apps' exports (Strong, Hevy), English.
    public let aliases: [String]
    public let isOfficial: Bool

    public init(id: UUID, name: LocalizedText, equipment: Equipment, shares: [MuscleShare], aliases: [String] = [], isOfficial: Bool) {
        self.id = id
        self.name = name
        self.equipment = equipment
        self.shares = shares
        self.aliases = aliases
        self.isOfficial = isOfficial
    }

    /// A user's own exercise: the same name in both languages, no known muscle shares.
    public static func custom(id: UUID, name: String) -> Exercise {
        Exercise(id: id, name: LocalizedText(ja: name, en: name), equipment: .other, shares: [], isOfficial: false)
    }
}
