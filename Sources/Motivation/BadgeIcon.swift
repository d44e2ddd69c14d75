import Foundation

/// Kiroku's own badge icons, drawn as SVG paths by Charts' badge drawing; the raw value is the name it takes.
public enum BadgeIcon: String, Sendable, Hashable, Codable, CaseIterable {
    case footprint, flame, crown, star, scale, shoe, dumbbell, check
}
