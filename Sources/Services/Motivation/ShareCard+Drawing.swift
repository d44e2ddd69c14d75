import Charts
import Foundation
import Health
import Motivation

/// The share card drawn: its lines and badges laid out by Charts' `ShareCardSVG`, rasterized by librsvg. One place,
/// so the signed-in download, the public share link and `kiroku share-card` draw the same picture.
extension ShareCard {
    public func drawing(layout: ShareCardSVG.Layout, language: Language) -> ShareCardSVG {
        ShareCardSVG(
            layout: layout, title: LocalizedText(ja: "記録 Kiroku", en: "Kiroku 記録").text(in: language), lines: lines,
            encouragement: encouragement,
            badges: badges.map { badge in
                ShareCardSVG.BadgeArt(
                    primary: badge.colorScheme.primary, secondary: badge.colorScheme.secondary, accent: badge.colorScheme.accent,
                    glyph: BadgeGlyph(rawValue: badge.icon.rawValue) ?? .star
                )
            }
        )
    }

    /// The PNG, with every text and metadata chunk removed.
    public func png(layout: ShareCardSVG.Layout, language: Language) async throws -> Data {
        try await PNGRasterizer.png(svg: drawing(layout: layout, language: language).svg(), width: layout.size.width, height: layout.size.height)
    }
}
