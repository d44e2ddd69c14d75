import Foundation

/// Reads the page in chromium the way a screen reader does, through the DevTools protocol: the full accessibility
/// tree (`Accessibility.getFullAXTree`), and for every piece of text in it the colours chromium itself finds behind
/// it (`CSS.getBackgroundColors`, what DevTools' contrast picker uses; where it cannot say, the CSS backgrounds of the
/// text's element and its ancestors). It reports each control a person can reach
/// that has no accessible name, and each visible text under WCAG's contrast minimum (4.5:1; 3:1 from 24 px, or
/// 18.66 px bold). Nodes the tree ignores (hidden, `aria-hidden`) are not read, as assistive technology skips them.
struct AccessibilityAudit {
    struct Finding: CustomStringConvertible, Equatable {
        enum Kind: String { case unnamedControl = "unnamed", lowContrast = "contrast" }
        let kind: Kind
        /// The control's role and id, or the text itself.
        let subject: String
        let detail: String

        var description: String { "\(kind.rawValue): \(subject) \(detail)" }
    }

    /// Roles a person operates: each needs a name to be announced ("button", not "button, unlabelled").
    static let controlRoles: Set<String> = [
        "button", "link", "textbox", "searchbox", "combobox", "listbox", "checkbox", "radio", "switch", "slider",
        "spinbutton", "menuitem", "tab", "option", "ListBoxOption", "DisclosureTriangle",
    ]

    let browser: WebDriver

    struct Report {
        var findings: [Finding]
        /// How many elements' text was measured: an audit that measured nothing proves nothing.
        var textsMeasured: Int
    }

    /// Everything wrong with the page now open.
    func run() async throws -> Report {
        try await browser.devTools("DOM.enable")
        try await browser.devTools("CSS.enable")
        try await browser.devTools("Accessibility.enable")
        // Node ids are handed out per document: ask for the document first, as DevTools does.
        try await browser.devTools("DOM.getDocument", ["depth": 0])
        let tree = try await browser.devTools("Accessibility.getFullAXTree") as? [String: Any]
        let nodes = (tree?["nodes"] as? [[String: Any]]) ?? []
        let byId = Dictionary(nodes.compactMap { node in (node["nodeId"] as? String).map { ($0, node) } }, uniquingKeysWith: { first, _ in first })

        var findings: [Finding] = []
        var textOwners: [Int: String] = [:]
        for node in nodes where node["ignored"] as? Bool != true {
            let role = Self.value(node["role"]) ?? ""
            let name = (Self.value(node["name"]) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            if role == "StaticText" {
                // The text's colours are its element's: the nearest ancestor that is a DOM element.
                if !name.isEmpty, let parent = (node["parentId"] as? String).flatMap({ byId[$0] }), let element = parent["backendDOMNodeId"] as? Int {
                    textOwners[element] = textOwners[element].map { $0 + " " + name } ?? name
                }
                continue
            }
            // A select's popup list is part of its combobox, which carries the name.
            guard role != "RootWebArea", role != "InlineTextBox", role != "MenuListPopup", name.isEmpty else { continue }
            if Self.controlRoles.contains(role) || Self.isFocusable(node) {
                var place = ""
                if let element = node["backendDOMNodeId"] as? Int { place = try await describe(element) }
                findings.append(Finding(kind: .unnamedControl, subject: role, detail: place))
            }
        }
        let (lowContrast, measured) = try await contrastFindings(textOwners)
        return Report(findings: findings + lowContrast, textsMeasured: measured)
    }

    private func contrastFindings(_ textOwners: [Int: String]) async throws -> ([Finding], Int) {
        let backendIds = textOwners.keys.sorted()
        guard !backendIds.isEmpty else { return ([], 0) }
        let pushed = try await browser.devTools("DOM.pushNodesByBackendIdsToFrontend", ["backendNodeIds": backendIds]) as? [String: Any]
        let nodeIds = (pushed?["nodeIds"] as? [Int]) ?? []
        // Every laid-out element's tag and colours in one call: asking per element (describeNode, then the whole
        // computed style) took three quarters of the audit's round trips to chromedriver.
        let laidOut = try await laidOutStyles()
        var findings: [Finding] = []
        var measured = 0
        for (backendId, nodeId) in zip(backendIds, nodeIds) where nodeId != 0 {
            let text = textOwners[backendId] ?? ""
            let nodeName: String
            let style: [String: String]
            if let element = laidOut[backendId] {
                (nodeName, style) = (element.nodeName, element.style)
            } else {
                let described = try await browser.devTools("DOM.describeNode", ["nodeId": nodeId]) as? [String: Any]
                nodeName = ((described?["node"] as? [String: Any])?["nodeName"] as? String ?? "").lowercased()
                style = try await computedStyle(nodeId)
            }
            // SVG text is painted with its fill; HTML text with its colour.
            let paint = ["text", "tspan", "textpath"].contains(nodeName) ? style["fill"] : style["color"]
            guard let paint, var foreground = RGBA(css: paint) else { continue }
            let colours = try await browser.devTools("CSS.getBackgroundColors", ["nodeId": nodeId]) as? [String: Any]
            // An image or a shape behind the text: chromium cannot say, and neither can this audit.
            var backgrounds = ((colours?["backgroundColors"] as? [String]) ?? []).compactMap(RGBA.init(css:))
            // Chromium gives no colours for SVG text or for text beside a control (a label around its input): then
            // the backgrounds of the element and its ancestors, painted one over the other, as the page's CSS says.
            if backgrounds.isEmpty, let layered = try await ancestorBackground(nodeId) { backgrounds = [layered] }
            guard !backgrounds.isEmpty else { continue }
            measured += 1
            let size = Double((colours?["computedFontSize"] as? String ?? "16px").replacingOccurrences(of: "px", with: "")) ?? 16
            let weight = Int(colours?["computedFontWeight"] as? String ?? "400") ?? 400
            let large = size >= 24 || (size >= 18.66 && weight >= 700)
            let minimum = large ? 3.0 : 4.5
            if let opacity = style["opacity"].flatMap(Double.init) { foreground.alpha *= opacity }
            let worst = backgrounds.map { background -> Double in
                let behind = background.over(.white)
                return RGBA.contrast(foreground.over(behind), behind)
            }.min() ?? 21
            if worst < minimum {
                let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                findings.append(Finding(
                    kind: .lowContrast, subject: "“\(shown)”",
                    detail: String(format: "%.2f:1 (needs %.1f:1) %@ on %@, %@ %gpx", worst, minimum, paint, backgrounds.map(\.css).joined(separator: "/"), nodeName, size)
                ))
            }
        }
        return (findings, measured)
    }

    static let ancestorBackgrounds = """
        function () {
          var layers = [];
          // Up through shadow roots too: a date field's parts sit inside its input.
          for (var e = this; e; e = e.parentElement || (e.getRootNode() instanceof ShadowRoot ? e.getRootNode().host : null)) {
            var colour = getComputedStyle(e).backgroundColor, parts = colour.match(/[\\d.]+/g);
            if (parts && parts.length >= 4 && Number(parts[3]) === 0) { continue; }
            layers.push(colour);
            if (parts && (parts.length < 4 || Number(parts[3]) >= 1)) { break; }
          }
          return layers.join(';');
        }
        """

    /// The colour behind an element from its own and its ancestors' CSS backgrounds (over white at the bottom).
    private func ancestorBackground(_ nodeId: Int) async throws -> RGBA? {
        let resolved = try await browser.devTools("DOM.resolveNode", ["nodeId": nodeId]) as? [String: Any]
        guard let objectId = (resolved?["object"] as? [String: Any])?["objectId"] as? String else { return nil }
        let answer = try await browser.devTools("Runtime.callFunctionOn", [
            "objectId": objectId, "functionDeclaration": Self.ancestorBackgrounds, "returnByValue": true,
        ]) as? [String: Any]
        let layers = ((answer?["result"] as? [String: Any])?["value"] as? String ?? "").split(separator: ";").compactMap { RGBA(css: String($0)) }
        return layers.reversed().reduce(RGBA.white) { below, layer in layer.over(below) }
    }

    static let paintProperties = ["color", "fill", "opacity"]

    /// The lower-cased tag and `paintProperties` of every element chromium laid out, by backend node id, from one
    /// `DOMSnapshot.captureSnapshot` (string-table indexes, per document, layout entries pointing at nodes).
    private func laidOutStyles() async throws -> [Int: (nodeName: String, style: [String: String])] {
        let snapshot = try await browser.devTools("DOMSnapshot.captureSnapshot", ["computedStyles": Self.paintProperties]) as? [String: Any]
        let strings = (snapshot?["strings"] as? [String]) ?? []
        func string(_ index: Int) -> String? { strings.indices.contains(index) ? strings[index] : nil }
        var elements: [Int: (nodeName: String, style: [String: String])] = [:]
        for document in (snapshot?["documents"] as? [[String: Any]]) ?? [] {
            let nodes = document["nodes"] as? [String: Any]
            let names = (nodes?["nodeName"] as? [Int]) ?? []
            let backendIds = (nodes?["backendNodeId"] as? [Int]) ?? []
            let layout = document["layout"] as? [String: Any]
            let nodeIndexes = (layout?["nodeIndex"] as? [Int]) ?? []
            let styles = (layout?["styles"] as? [[Int]]) ?? []
            for (nodeIndex, values) in zip(nodeIndexes, styles) where backendIds.indices.contains(nodeIndex) && names.indices.contains(nodeIndex) {
                guard values.count == Self.paintProperties.count, let name = string(names[nodeIndex]) else { continue }
                var style: [String: String] = [:]
                for (property, value) in zip(Self.paintProperties, values) { style[property] = string(value) }
                elements[backendIds[nodeIndex]] = (name.lowercased(), style)
            }
        }
        return elements
    }

    private func computedStyle(_ nodeId: Int) async throws -> [String: String] {
        let answer = try await browser.devTools("CSS.getComputedStyleForNode", ["nodeId": nodeId]) as? [String: Any]
        var style: [String: String] = [:]
        for property in (answer?["computedStyle"] as? [[String: Any]]) ?? [] {
            if let name = property["name"] as? String, ["color", "fill", "opacity"].contains(name) { style[name] = property["value"] as? String }
        }
        return style
    }

    /// `tag#id.class` of a control, so a failure says where to look.
    private func describe(_ backendNodeId: Int) async throws -> String {
        let answer = try await browser.devTools("DOM.describeNode", ["backendNodeId": backendNodeId]) as? [String: Any]
        let node = answer?["node"] as? [String: Any]
        let attributes = (node?["attributes"] as? [String]) ?? []
        var pairs: [String: String] = [:]
        for index in stride(from: 0, to: attributes.count - 1, by: 2) { pairs[attributes[index]] = attributes[index + 1] }
        let tag = (node?["nodeName"] as? String ?? "?").lowercased()
        return tag + (pairs["id"].map { "#" + $0 } ?? "") + (pairs["class"].map { "." + $0.replacingOccurrences(of: " ", with: ".") } ?? "")
            + (pairs["name"].map { "[name=\($0)]" } ?? "") + (pairs["href"].map { "[href=\($0)]" } ?? "")
    }

    private static func value(_ field: Any?) -> String? {
        guard let field = field as? [String: Any] else { return nil }
        if let text = field["value"] as? String { return text }
        return (field["value"] as? NSNumber)?.stringValue
    }

    private static func isFocusable(_ node: [String: Any]) -> Bool {
        ((node["properties"] as? [[String: Any]]) ?? []).contains { property in
            property["name"] as? String == "focusable" && (property["value"] as? [String: Any])?["value"] as? Bool == true
        }
    }
}

/// A CSS colour as chromium writes computed values: `rgb(r, g, b)` or `rgba(r, g, b, a)`.
struct RGBA {
    var red: Double, green: Double, blue: Double, alpha: Double

    static let white = RGBA(red: 255, green: 255, blue: 255, alpha: 1)

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    init?(css: String) {
        guard css.hasPrefix("rgb") else { return nil }
        let numbers = css.split(whereSeparator: { !"0123456789.".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 3 else { return nil }
        self.init(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers.count > 3 ? numbers[3] : 1)
    }

    var css: String { alpha < 1 ? "rgba(\(Int(red)), \(Int(green)), \(Int(blue)), \(alpha))" : "rgb(\(Int(red)), \(Int(green)), \(Int(blue)))" }

    /// This colour painted over an opaque one.
    func over(_ below: RGBA) -> RGBA {
        RGBA(
            red: red * alpha + below.red * (1 - alpha), green: green * alpha + below.green * (1 - alpha),
            blue: blue * alpha + below.blue * (1 - alpha), alpha: 1
        )
    }

    /// WCAG 2's relative luminance.
    var luminance: Double {
        func channel(_ value: Double) -> Double {
            let v = value / 255
            return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        let (light, dark) = (max(a.luminance, b.luminance), min(a.luminance, b.luminance))
        return (light + 0.05) / (dark + 0.05)
    }
}
