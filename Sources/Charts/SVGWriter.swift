/// Builds the SVG markup shared by every chart: the accessible root element, axes, the empty
/// state. Attribute values and text always pass through `SVGText.escape`, so no caller-supplied
/// string (title, unit, colour) can break out of its element.
struct SVGWriter {
    private(set) var markup = ""
    let style: ChartStyle

    init(style: ChartStyle) {
        self.style = style
    }

    /// Opens the root element. `width="100%"` plus the view box lets the chart shrink to any
    /// phone column while keeping its aspect ratio; `role="img"` with title and desc makes screen
    /// readers announce one labelled image instead of dozens of shapes.
    mutating func open(id: String, kind: String, title: String, description: String) {
        let titleID = "\(id)-title"
        let descID = "\(id)-desc"
        let viewBox = [0, 0, style.width, style.height].map(SVGNumber.coordinate).joined(separator: " ")
        element("svg", [
            ("xmlns", "http://www.w3.org/2000/svg"),
            ("class", "kc-chart kc-\(kind)"),
            ("width", "100%"),
            ("viewBox", viewBox),
            ("preserveAspectRatio", "xMidYMid meet"),
            ("role", "img"),
            ("aria-labelledby", "\(titleID) \(descID)"),
            ("font-family", style.fontFamily),
            ("font-size", SVGNumber.coordinate(style.fontSize)),
        ], selfClosing: false)
        element("title", [("id", titleID)], text: title)
        element("desc", [("id", descID)], text: description)
    }

    mutating func close() {
        markup += "</svg>"
    }

    mutating func emptyMessage(_ message: String) {
        element("text", [
            ("class", "kc-empty"),
            ("x", SVGNumber.coordinate(style.width / 2)),
            ("y", SVGNumber.coordinate(style.height / 2)),
            ("text-anchor", "middle"),
            ("dominant-baseline", "middle"),
            ("fill", style.textColor),
        ], text: message)
    }

    /// Grid lines with their labels left of the plot, then the baseline drawn over the lowest grid line.
    mutating func yAxis(_ ticks: [YAxisTick], plot: ChartRect) {
        open("g", [("class", "kc-grid"), ("stroke", style.gridColor), ("stroke-width", "1")])
        for tick in ticks {
            line(x1: plot.x, y1: tick.y, x2: plot.maxX, y2: tick.y)
        }
        markup += "</g>\n"
        open("g", [("class", "kc-axis kc-y-labels"), ("fill", style.textColor), ("text-anchor", "end")])
        for tick in ticks {
            element("text", [
                ("x", SVGNumber.coordinate(plot.x - 4)),
                ("y", SVGNumber.coordinate(tick.y)),
                ("dominant-baseline", "middle"),
            ], text: tick.label)
        }
        markup += "</g>\n"
        open("g", [("class", "kc-axis"), ("stroke", style.axisColor), ("stroke-width", "1")])
        line(x1: plot.x, y1: plot.maxY, x2: plot.maxX, y2: plot.maxY)
        markup += "</g>\n"
    }

    /// Day labels below the plot. A label near either edge is anchored at its end instead of its
    /// middle so it is not clipped by the view box.
    mutating func xAxis(_ ticks: [XAxisTick], plot: ChartRect) {
        open("g", [("class", "kc-axis kc-x-labels"), ("fill", style.textColor)])
        for tick in ticks {
            let half = TextMetrics.width(of: tick.label, fontSize: style.fontSize) / 2
            let anchor = tick.x - half < 0 ? "start" : (tick.x + half > style.width ? "end" : "middle")
            element("text", [
                ("x", SVGNumber.coordinate(tick.x)),
                ("y", SVGNumber.coordinate(plot.maxY + style.fontSize + 6)),
                ("text-anchor", anchor),
            ], text: tick.label)
        }
        markup += "</g>\n"
        open("g", [("class", "kc-axis kc-x-ticks"), ("stroke", style.axisColor), ("stroke-width", "1")])
        for tick in ticks {
            line(x1: tick.x, y1: plot.maxY, x2: tick.x, y2: plot.maxY + 4)
        }
        markup += "</g>\n"
    }

    /// The unit goes once, above the y labels, instead of on every tick where it would crowd them.
    mutating func unitLabel(_ unit: String, plot: ChartRect) {
        guard !unit.isEmpty else { return }
        element("text", [
            ("class", "kc-axis kc-unit"),
            ("x", SVGNumber.coordinate(plot.x - 4)),
            ("y", SVGNumber.coordinate(Swift.max(style.fontSize, plot.y - 8))),
            ("text-anchor", "end"),
            ("fill", style.textColor),
        ], text: unit)
    }

    /// A dashed target line across the plot, labelled at its right end. The label goes above the
    /// line unless that would push it out of the plot into the top padding, where the legend sits;
    /// then it goes just below. A halo in the background colour keeps it legible over data.
    mutating func goalLine(y: Double, label: String, plot: ChartRect) {
        let labelAbove = y - 3 - style.fontSize >= plot.y
        open("g", [("class", "kc-goal"), ("stroke", style.goalColor), ("fill", style.goalColor)])
        line(x1: plot.x, y1: y, x2: plot.maxX, y2: y, attributes: [
            ("stroke-width", "1.5"),
            ("stroke-dasharray", "5 4"),
        ])
        element("text", [
            ("x", SVGNumber.coordinate(plot.maxX)),
            ("y", SVGNumber.coordinate(labelAbove ? y - 3 : y + style.fontSize + 2)),
            ("text-anchor", "end"),
            ("stroke", style.backgroundColor),
            ("stroke-width", "3"),
            ("stroke-linejoin", "round"),
            ("paint-order", "stroke"),
        ], text: label)
        end("g")
    }

    mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, attributes: [(String, String)] = []) {
        element("line", [
            ("x1", SVGNumber.coordinate(x1)),
            ("y1", SVGNumber.coordinate(y1)),
            ("x2", SVGNumber.coordinate(x2)),
            ("y2", SVGNumber.coordinate(y2)),
        ] + attributes)
    }

    /// Opens a container element; the caller appends children and closes it with `end(_:)`.
    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        element(name, attributes, selfClosing: false)
    }

    mutating func end(_ name: String) {
        markup += "</\(name)>\n"
    }

    /// Writes one element. With `text` it gets escaped character content; `tooltip` adds a
    /// `<title>` child, which browsers show on hover and screen readers read on focus.
    mutating func element(
        _ name: String,
        _ attributes: [(String, String)],
        text: String? = nil,
        tooltip: String? = nil,
        selfClosing: Bool = true
    ) {
        markup += "<\(name)"
        for (key, value) in attributes {
            markup += " \(key)=\"\(SVGText.escape(value))\""
        }
        if let text {
            markup += ">\(SVGText.escape(text))</\(name)>\n"
        } else if let tooltip {
            markup += "><title>\(SVGText.escape(tooltip))</title></\(name)>\n"
        } else if selfClosing {
            markup += "/>\n"
        } else {
            markup += ">\n"
        }
    }
}
