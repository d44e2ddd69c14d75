import Charts
import Foundation
import Health
import Motivation

/// The share card drawn: `ShareCard`'s lines and badges laid out by Charts' `ShareCardSVG`, rasterized by librsvg.
/// One place, so the signed-in download and the public share link draw the same picture.
enum ShareCardImage {
    static func svg(_ card: ShareCard, layout: ShareCardSVG.Layout, language: Language) -> ShareCardSVG {
        ShareCardSVG(
            layout: layout, title: LocalizedText(ja: "記録 Kiroku", en: "Kiroku 記録").text(in: language), lines: card.lines,
            encouragement: card.encouragement,
            badges: card.badges.map { badge in
                ShareCardSVG.BadgeArt(
                    primary: badge.colorScheme.primary, secondary: badge.colorScheme.secondary, accent: badge.colorScheme.accent,
                    glyph: BadgeGlyph(rawValue: badge.icon.rawValue) ?? .star
                )
            }
        )
    }

    static func png(_ card: ShareCard, layout: ShareCardSVG.Layout, language: Language) async throws -> Data {
        try await PNGRasterizer.png(svg: svg(card, layout: layout, language: language).svg(), width: layout.size.width, height: layout.size.height)
    }
}
