import Charts
import Foundation
import Health
import Motivation
import Services

/// The share card drawn: `ShareCard`'s lines and badges laid out by Charts' `ShareCardSVG`, rasterized by librsvg.
/// One place, so the signed-in download and the public share link draw the same picture.
enum ShareCardImage {
    static func svg(_ card: ShareCard, layout: ShareCardSVG.Layout, language: Language) -> ShareCardSVG {
        card.drawing(layout: layout, language: language)
    }

    static func png(_ card: ShareCard, layout: ShareCardSVG.Layout, language: Language) async throws -> Data {
        try await card.png(layout: layout, language: language)
    }

    /// The card's PNG through the owner's cache when the service has one: the same picture is drawn once, and new
    /// drawings beyond the account's budget answer 429 (`ShareCardCache.Busy`). Counted in the metrics.
    static func png(
        _ card: ShareCard, layout: ShareCardSVG.Layout, language: Language, userId: Int64, scope: ShareCardCache.Scope,
        motivation: MotivationService, metrics: AppMetrics, now: Date
    ) async throws -> Data {
        let drawing = svg(card, layout: layout, language: language).svg()
        guard let cache = motivation.shareCards else {
            metrics.shareCardRendered(outcome: "drawn")
            return try await PNGRasterizer.png(svg: drawing, width: layout.size.width, height: layout.size.height)
        }
        do {
            let result = try await cache.png(userId: userId, scope: scope, content: "\(layout.size.width)x\(layout.size.height)\n\(drawing)", now: now) {
                try await PNGRasterizer.png(svg: drawing, width: layout.size.width, height: layout.size.height)
            }
            metrics.shareCardRendered(outcome: result.outcome.rawValue)
            return result.png
        } catch let busy as ShareCardCache.Busy {
            metrics.shareCardRendered(outcome: "limited")
            throw busy
        }
    }
}
