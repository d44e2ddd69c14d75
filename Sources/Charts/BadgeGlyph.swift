import Foundation

/// Kiroku's own badge icons as SVG paths on a 24-unit grid, filled with the badge's accent colour. Drawn as
/// paths rather than a symbol font so every badge looks the same in every browser and in the share card's
/// rasterizer. The raw values match the motivation rules' icon names.
public enum BadgeGlyph: String, Sendable, CaseIterable {
    case footprint, flame, crown, star, scale, shoe, dumbbell, check

    /// Path data on a 24 × 24 grid; drawn with the even-odd rule so inner shapes cut holes.
    public var pathData: String {
        switch self {
        case .footprint:
            "M10 9.5C12.6 9.5 13.6 12.4 13.1 15.8C12.7 18.8 11.5 21.5 9.6 21.5C7.6 21.5 7 19 7.2 16C7.4 12.4 7.8 9.5 10 9.5Z"
                + "M6.6 7.4A1.5 1.5 0 1 0 9.6 7.4A1.5 1.5 0 1 0 6.6 7.4Z"
                + "M10.2 6.2A1.4 1.4 0 1 0 13 6.2A1.4 1.4 0 1 0 10.2 6.2Z"
                + "M13.4 7.8A1.2 1.2 0 1 0 15.8 7.8A1.2 1.2 0 1 0 13.4 7.8Z"
                + "M15.6 10.4A1 1 0 1 0 17.6 10.4A1 1 0 1 0 15.6 10.4Z"
        case .flame:
            "M12 2C13 6 17.5 8.2 17.5 13.6C17.5 17.8 15.1 21.5 12 21.5C8.9 21.5 6.5 17.8 6.5 14C6.5 11 8 9.1 9.4 7.8"
                + "C9.6 10 10.4 11.4 11.6 11.9C11.1 8.6 11.3 5.1 12 2Z"
                + "M12 14C13.6 15.6 14.2 17 13.6 18.6C13.2 19.6 12.6 20 12 20C11.2 20 10.4 19.2 10.4 18C10.4 16.6 11.2 15.4 12 14Z"
        case .crown:
            "M2.5 7.5L7.5 12L12 4.5L16.5 12L21.5 7.5L19.6 18H4.4ZM4.4 19.5H19.6V21.5H4.4Z"
        case .star:
            "M12 2L14.9 8.6L22 9.3L16.6 14L18.2 21L12 17.3L5.8 21L7.4 14L2 9.3L9.1 8.6Z"
        case .scale:
            "M5.5 3H18.5A2.5 2.5 0 0 1 21 5.5V18.5A2.5 2.5 0 0 1 18.5 21H5.5A2.5 2.5 0 0 1 3 18.5V5.5A2.5 2.5 0 0 1 5.5 3Z"
                + "M7.5 10A4.5 4.5 0 0 1 16.5 10Z"
                + "M11.3 9.9L13.6 6.6L12.7 9.9Z"
        case .shoe:
            "M2 16.5C2 13 3 9 4 5.5L8.6 6C9 8.6 10.6 10.4 13.2 11L19.2 12.6C21.1 13.1 22 14.6 22 16.3V17.5H2Z"
                + "M2 18.6H22V20.4H2Z"
        case .dumbbell:
            "M1.5 10H3.5V14H1.5ZM4.2 7H7.6V17H4.2ZM8.3 11H15.7V13H8.3ZM16.4 7H19.8V17H16.4ZM20.5 10H22.5V14H20.5Z"
        case .check:
            "M3 12.6L5.8 9.8L9.6 13.6L18.2 5L21 7.8L9.6 19.2Z"
        }
    }

    /// The lock drawn over an unearned badge: a shackle and a body with a keyhole.
    static let lockPathData = "M8 11V8A4 4 0 0 1 16 8V11H14.2V8A2.2 2.2 0 0 0 9.8 8V11Z"
        + "M6 11H18V21H6Z"
        + "M11 14.5A1 1 0 1 1 13 14.5L12.6 18H11.4Z"
}
