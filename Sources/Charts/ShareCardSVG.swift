import Foundation

/// The share card as a standalone SVG of a fixed pixel size (1080×1350 portrait, 1200×630 landscape), for a
/// rasterizer: a title, the lines the caller chose (already free of anything personal the user did not tick), a
/// row of earned badges drawn like `BadgeSVG`, and the encouragement. Charts knows nothing of the motivation rules.
public struct ShareCardSVG: Sendable {
    public struct BadgeArt: Sendable {
        public let primary: String
        public let secondary: String
        public let accent: String
        public let glyph: BadgeGlyph

        public init(primary: String, secondary: String, accent: String, glyph: BadgeGlyph) {
            self.primary = primary
            self.secondary = secondary
            self.accent = accent
            self.glyph = glyph
        }
    }

    public enum Layout: String, Sendable, CaseIterable {
        case portrait, landscape

        public var size: (width: Int, height: Int) {
            switch self {
            case .portrait: (1080, 1350)
            case .landscape: (1200, 630)
            }
        }
    }

    public let layout: Layout
    public let title: String
    public let lines: [String]
    public let encouragement: String
    public let badges: [BadgeArt]
    /// A font list with a CJK face, so Japanese is drawn, not boxes.
    public let fontFamily: String

    public init(layout: Layout, title: String, lines: [String], encouragement: String, badges: [BadgeArt], fontFamily: String = "Noto Sans CJK JP, Noto Sans JP, sans-serif") {
        self.layout = layout
        self.title = title
        self.lines = lines
        self.encouragement = encouragement
        self.badges = badges
        self.fontFamily = fontFamily
    }

    public func svg() -> String {
        let (width, height) = layout.size
        let portrait = layout == .portrait
        let margin = portrait ? 90 : 70
        let titleSize = portrait ? 72 : 56
        let lineSize = portrait ? 50 : 38
        let lineGap = portrait ? 80 : 56
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="\(SVGText.escape(fontFamily))">
            <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">\
            <stop offset="0" stop-color="#ECFDF5"/><stop offset="1" stop-color="#DBEAFE"/></linearGradient>
            """
        for (index, badge) in badges.enumerated() {
            out += """
                <radialGradient id="b\(index)" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="\(SVGText.escape(badge.primary))"/>\
                <stop offset="1" stop-color="\(SVGText.escape(badge.secondary))"/></radialGradient>
                """
        }
        out += "</defs>\n<rect width=\"\(width)\" height=\"\(height)\" fill=\"url(#bg)\"/>\n"
        out += "<text x=\"\(margin)\" y=\"\(margin + titleSize)\" font-size=\"\(titleSize)\" font-weight=\"bold\" fill=\"#065F46\">\(SVGText.escape(title))</text>\n"
        // Badges: a row under the text (portrait) or a 3-wide grid on the right (landscape).
        let size = portrait ? 150 : 110
        let gap = portrait ? 20 : 16
        let gridLeft = width - margin - 3 * (size + gap) + gap
        let textWidth = portrait ? width - 2 * margin : gridLeft - margin - 30
        let maximumLines = portrait ? 7 : 6
        var y = margin + titleSize + lineGap + 20
        for line in lines.filter({ $0 != encouragement }).prefix(maximumLines) {
            let fitted = Self.fit(line, em: Double(textWidth) / Double(lineSize))
            out += "<text x=\"\(margin)\" y=\"\(y)\" font-size=\"\(lineSize)\" fill=\"#111827\">\(SVGText.escape(fitted))</text>\n"
            y += lineGap
        }
        for (index, badge) in badges.enumerated() {
            let x = portrait ? margin + index * (size + gap) : gridLeft + (index % 3) * (size + gap)
            let badgeY = portrait ? height - margin - 200 - size : margin + titleSize + 40 + (index / 3) * (size + gap)
            let scale = Double(size) / 100
            out += """
                <g transform="translate(\(x) \(badgeY)) scale(\(scale))">\
                <circle cx="50" cy="50" r="40" fill="url(#b\(index))"/>\
                <circle cx="50" cy="50" r="44" fill="none" stroke="\(SVGText.escape(badge.accent))" stroke-width="3"/>\
                <path transform="translate(30 30) scale(1.6667)" fill="\(SVGText.escape(badge.accent))" fill-rule="evenodd" d="\(badge.glyph.pathData)"/>\
                </g>

                """
        }
        // The message is shrunk (down to 70 %) before it is cut, so a whole sentence usually fits.
        let messageEm = Self.width(of: encouragement)
        let messageSize = max(lineSize * 7 / 10, min(lineSize, messageEm > 0 ? Int(Double(width - 2 * margin) / messageEm) : lineSize))
        out += "<text x=\"\(margin)\" y=\"\(height - margin)\" font-size=\"\(messageSize)\" font-weight=\"bold\" fill=\"#1D4ED8\">\(SVGText.escape(Self.fit(encouragement, em: Double(width - 2 * margin) / Double(messageSize))))</text>\n"
        out += "</svg>\n"
        return out
    }

    /// About how many font-sizes wide `text` is: a wide character is 1, a narrow one 0.55.
    static func width(of text: String) -> Double {
        text.reduce(0) { $0 + ($1.unicodeScalars.allSatisfy { $0.value < 0x2E80 } ? 0.55 : 1) }
    }

    /// `text` cut to about `em` font-sizes of width (a wide character is 1, a narrow one 0.55), ending in "…".
    static func fit(_ text: String, em: Double) -> String {
        let widthOf = Self.width(of:)
        if width(of: text) <= em { return text }
        var used = 0.0
        var result = ""
        for character in text {
            let width = widthOf(String(character))
            if used + width > em - 1 {
                return result + "…"
            }
            used += width
            result.append(character)
        }
        return result
    }
}
