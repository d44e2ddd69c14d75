import Foundation
import Testing
@testable import Charts

@Suite struct BadgeSVGTests {
    private func badge(_ name: String = "継続は力なり", earned: Bool, glyph: BadgeGlyph = .flame, primary: String = "#C0C0C0") -> BadgeSVG {
        BadgeSVG(name: name, description: "7日連続記録を達成", primary: primary, secondary: "#808080", accent: "#FFFFFF", glyph: glyph, isEarned: earned)
    }

    @Test func theDiscIsARadialGradientFromPrimaryToSecondary() throws {
        let drawing = badge(earned: true)
        let markup = SVGMarkup(drawing.svg())
        #expect(markup.isWellFormed, "\(markup.problems)")
        let gradient = try #require(markup.all("radialGradient").first)
        #expect(markup.all("stop").compactMap { $0.attributes["stop-color"] } == ["#C0C0C0", "#808080"])
        let disc = try #require(markup.all("circle", class: "kc-badge-disc").first)
        #expect(disc.attributes["fill"] == "url(#\(gradient.attributes["id"] ?? "?"))")
    }

    @Test func theRingIsStrokedInTheAccentColour() throws {
        let ring = try #require(SVGMarkup(badge(earned: true).svg()).all("circle", class: "kc-badge-ring").first)
        #expect(ring.attributes["stroke"] == "#FFFFFF")
        #expect(ring.attributes["fill"] == "none")
    }

    @Test func anEarnedBadgeHasNoLockAndFullOpacity() {
        let markup = SVGMarkup(badge(earned: true).svg())
        #expect(markup.all("g", class: "kc-badge-lock").isEmpty)
        #expect(markup.all("g", class: "kc-badge-body").first?.attributes["opacity"] == nil)
        #expect(markup.all("g", class: "kc-badge-art").first?.attributes["transform"] == nil)
    }

    @Test func anUnearnedBadgeIsFadedShrunkAndLocked() {
        let markup = SVGMarkup(badge(earned: false).svg())
        #expect(markup.isWellFormed)
        #expect(markup.all("g", class: "kc-badge-lock").count == 1)
        #expect(markup.all("g", class: "kc-badge-body").first?.attributes["opacity"] == "0.3")
        #expect(markup.all("g", class: "kc-badge-art").first?.attributes["transform"]?.contains("scale(0.8)") == true)
    }

    @Test func everyIconIsItsOwnPathInTheAccentColourWithNoText() {
        let icons = BadgeGlyph.allCases.map { glyph -> String? in
            let markup = SVGMarkup(badge(earned: true, glyph: glyph).svg())
            #expect(markup.all("text").isEmpty)
            let icon = markup.all("path", class: "kc-badge-icon").first
            #expect(icon?.attributes["fill"] == "#FFFFFF")
            return icon?.attributes["d"]
        }
        #expect(Set(icons.compactMap { $0 }).count == BadgeGlyph.allCases.count)
    }

    @Test func theNameIsTheAccessibleTitle() {
        let markup = SVGMarkup(badge(earned: true).svg())
        #expect(markup.all("svg").first?.attributes["role"] == "img")
        #expect(markup.all("title").first?.text == "継続は力なり")
    }

    @Test func textAndColoursAreEscaped() {
        let hostile = badge("<script>&\"'", earned: false, primary: "red\" onload=\"alert(1)")
        let svg = hostile.svg()
        #expect(!svg.contains("<script>"))
        #expect(!svg.contains("onload=\"alert"))
        let markup = SVGMarkup(svg)
        #expect(markup.isWellFormed, "\(markup.problems)")
        #expect(markup.all("title").first?.text == "<script>&\"'")
    }

    @Test func badgesOnOnePageHaveDistinctIdsAndRenderTheSameEveryTime() {
        let ids = [badge("A", earned: true), badge("B", earned: true), badge("A", earned: false), badge("A", earned: true, primary: "#FFD700")]
            .map { SVGMarkup($0.svg()).all("radialGradient").first?.attributes["id"] }
        #expect(Set(ids.compactMap { $0 }).count == 4)
        #expect(badge(earned: true).svg() == badge(earned: true).svg())
    }
}
