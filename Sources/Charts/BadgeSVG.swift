import Foundation

/// One badge drawn in SVG the way the seed's BadgeView draws it: a disc with a radial gradient from the primary
/// to the secondary colour, a ring in the accent colour, Kiroku's own icon in the accent colour, and, while the
/// badge is not earned yet, the whole badge at 0.8 scale, the disc, ring and icon at 0.3 opacity, and a lock.
///
/// Like the charts it is `width="100%"` on a 100-unit view box: the page's grid cell decides its size.
/// Charts knows nothing of the motivation rules: the caller passes the name, description, colours and icon.
/// Gradient ids come from a hash of the content, so dozens of badges share a page without clashing and the same
/// badge renders to the same bytes.
public struct BadgeSVG: Sendable {
    public static let unearnedOpacity = 0.3
    public static let unearnedScale = 0.8
    public static let lockColor = "#6B7280"

    public let name: String
    public let description: String
    public let primary: String
    public let secondary: String
    public let accent: String
    public let glyph: BadgeGlyph
    public let isEarned: Bool

    public init(
        name: String,
        description: String,
        primary: String,
        secondary: String,
        accent: String,
        glyph: BadgeGlyph,
        isEarned: Bool
    ) {
        self.name = name
        self.description = description
        self.primary = primary
        self.secondary = secondary
        self.accent = accent
        self.glyph = glyph
        self.isEarned = isEarned
    }

    /// The element id prefix of this badge's title and gradients.
    public var identifier: String {
        let content = [name, description, primary, secondary, accent, glyph.rawValue, isEarned ? "1" : "0"].joined(separator: "\u{1F}")
        return ChartIdentifier.make(kind: "badge", title: content, points: [])
    }

    public func svg() -> String {
        let id = identifier
        var writer = SVGWriter(style: ChartStyle(width: 100, height: 100))
        writer.open(id: id, kind: isEarned ? "badge kc-badge-earned" : "badge kc-badge-locked", title: name, description: description)
        writer.open("defs", [])
        writer.open("radialGradient", [("id", "\(id)-fill"), ("cx", "35%"), ("cy", "30%"), ("r", "70%")])
        writer.element("stop", [("offset", "0"), ("stop-color", primary)])
        writer.element("stop", [("offset", "1"), ("stop-color", secondary)])
        writer.end("radialGradient")
        writer.end("defs")

        var whole: [(String, String)] = [("class", "kc-badge-art")]
        if !isEarned {
            // Scale about the centre, as SwiftUI's scaleEffect does.
            let scale = SVGNumber.coordinate(Self.unearnedScale)
            whole.append(("transform", "translate(50 50) scale(\(scale)) translate(-50 -50)"))
        }
        writer.open("g", whole)
        var body: [(String, String)] = [("class", "kc-badge-body")]
        if !isEarned { body.append(("opacity", SVGNumber.coordinate(Self.unearnedOpacity))) }
        writer.open("g", body)
        writer.element("circle", [("class", "kc-badge-disc"), ("cx", "50"), ("cy", "50"), ("r", "40"), ("fill", "url(#\(id)-fill)")])
        writer.element("circle", [
            ("class", "kc-badge-ring"), ("cx", "50"), ("cy", "50"), ("r", "44"),
            ("fill", "none"), ("stroke", accent), ("stroke-width", "3"),
        ])
        writer.element("path", [
            ("class", "kc-badge-icon kc-badge-icon-\(glyph.rawValue)"),
            ("transform", "translate(30 30) scale(1.6667)"),
            ("fill", accent), ("fill-rule", "evenodd"), ("d", glyph.pathData),
        ])
        writer.end("g")
        if !isEarned {
            writer.open("g", [("class", "kc-badge-lock"), ("transform", "translate(64 64)")])
            writer.element("circle", [("cx", "12"), ("cy", "12"), ("r", "13"), ("fill", Self.lockColor)])
            writer.element("path", [
                ("transform", "translate(3.6 3.4) scale(0.7)"),
                ("fill", "#FFFFFF"), ("fill-rule", "evenodd"), ("d", BadgeGlyph.lockPathData),
            ])
            writer.end("g")
        }
        writer.end("g")
        writer.close()
        return writer.markup
    }
}
