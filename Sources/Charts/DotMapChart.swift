import Foundation

/// Places on a plain map: each a coloured dot at its longitude/latitude (equirectangular, with longitudes shortened by
/// the cosine of the middle latitude so distances look right), optionally a link. No tiles, no network: a picture of
/// where things are relative to each other, and which are green.
public struct DotMapChart: Sendable {
    public struct Place: Sendable, Equatable {
        public let latitude: Double
        public let longitude: Double
        public let color: String
        public let label: String
        public let link: String?

        public init(latitude: Double, longitude: Double, color: String, label: String, link: String? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.color = color
            self.label = label
            self.link = link
        }
    }

    /// A place name written on the map (a city), so the dots have something to be read against.
    public struct Label: Sendable, Equatable {
        public let latitude: Double
        public let longitude: Double
        public let text: String

        public init(latitude: Double, longitude: Double, text: String) {
            self.latitude = latitude
            self.longitude = longitude
            self.text = text
        }
    }

    public let places: [Place]
    public let labels: [Label]
    public let title: String
    public let emptyMessage: String
    public let style: ChartStyle
    public let radius: Double

    public init(places: [Place], labels: [Label] = [], title: String, emptyMessage: String, radius: Double = 5,
                style: ChartStyle = ChartStyle(width: 360, height: 220, padding: ChartPadding(left: 10, right: 10, top: 10, bottom: 10))) {
        self.places = places
        self.labels = labels
        self.title = title
        self.emptyMessage = emptyMessage
        self.radius = radius
        self.style = style
    }

    /// Where a place lands in the view box.
    public func position(of place: Place) -> (x: Double, y: Double) {
        position(latitude: place.latitude, longitude: place.longitude)
    }

    func position(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let plot = style.plot
        guard let projection = GeoProjection(latitudes: places.map(\.latitude), longitudes: places.map(\.longitude), plot: plot) else {
            return (plot.x, plot.y)
        }
        return projection.position(latitude: latitude, longitude: longitude)
    }

    public func svg(id: String = "dotmap") -> String {
        var writer = SVGWriter(style: style)
        writer.open(id: id, kind: "dotmap", title: title, description: "\(places.count)")
        guard !places.isEmpty else {
            writer.emptyMessage(emptyMessage)
            writer.close()
            return writer.markup
        }
        writer.open("g", [("class", "kc-places"), ("stroke", style.backgroundColor), ("stroke-width", "1.5")])
        for place in places {
            let (x, y) = position(of: place)
            if let link = place.link { writer.open("a", [("href", link)]) }
            writer.element("circle", [
                ("cx", SVGNumber.coordinate(x)), ("cy", SVGNumber.coordinate(y)), ("r", SVGNumber.coordinate(radius)), ("fill", place.color),
            ], tooltip: place.label)
            if place.link != nil { writer.end("a") }
        }
        writer.end("g")
        writer.open("g", [
            ("class", "kc-labels"), ("fill", style.textColor), ("text-anchor", "middle"),
            ("stroke", style.backgroundColor), ("stroke-width", "3"), ("paint-order", "stroke"),
        ])
        // Over the dots, haloed. In the caller's order of importance; a label that would overlap one already written is left out.
        var taken: [(x: Double, y: Double, halfWidth: Double)] = []
        for label in labels {
            let (x, y) = position(latitude: label.latitude, longitude: label.longitude)
            let halfWidth = TextMetrics.width(of: label.text, fontSize: style.fontSize) / 2
            let cx = min(max(x, halfWidth + 2), style.width - halfWidth - 2)
            // Above its dots, or below them when there is no room above.
            let cy = y - radius - 8 >= style.fontSize ? y - radius - 8 : y + radius + style.fontSize + 2
            guard !taken.contains(where: { abs($0.x - cx) < $0.halfWidth + halfWidth + 4 && abs($0.y - cy) < style.fontSize + 2 }) else { continue }
            taken.append((cx, cy, halfWidth))
            writer.element("text", [("x", SVGNumber.coordinate(cx)), ("y", SVGNumber.coordinate(cy))], text: label.text)
        }
        writer.end("g")
        writer.close()
        return writer.markup
    }
}
