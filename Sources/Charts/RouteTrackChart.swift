import Foundation

/// A workout's route as a line on a plain background — no map tiles, no network, no script: the track projected
/// from latitude and longitude (see `GeoProjection`), a green dot where it started and a red square where it ended.
public struct RouteTrackChart: Sendable {
    public let latitudes: [Double]
    public let longitudes: [Double]
    public let title: String
    public let startLabel: String
    public let endLabel: String
    public let emptyMessage: String
    public let style: ChartStyle

    /// More points than a phone screen has pixels along the line add bytes, not detail.
    public static let maximumDrawnPoints = 2_000
    public static let startColor = "#16a34a"
    public static let endColor = "#dc2626"

    public init(latitudes: [Double], longitudes: [Double], title: String, startLabel: String, endLabel: String, emptyMessage: String,
                style: ChartStyle = ChartStyle(width: 360, height: 300, padding: ChartPadding(left: 12, right: 12, top: 12, bottom: 12))) {
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.title = title
        self.startLabel = startLabel
        self.endLabel = endLabel
        self.emptyMessage = emptyMessage
        self.style = style
    }

    /// The indices drawn: every point up to the limit, else an even spread that always keeps the first and the last.
    static func drawnIndices(count: Int) -> [Int] {
        guard count > maximumDrawnPoints else { return Array(0..<count) }
        let step = Double(count - 1) / Double(maximumDrawnPoints - 1)
        return (0..<maximumDrawnPoints).map { Int((Double($0) * step).rounded()) }
    }

    public func svg(id: String = "route") -> String {
        var writer = SVGWriter(style: style)
        writer.open(id: id, kind: "route", title: title, description: "\(min(latitudes.count, longitudes.count))")
        let count = min(latitudes.count, longitudes.count)
        guard count > 0, let projection = GeoProjection(latitudes: latitudes, longitudes: longitudes, plot: style.plot) else {
            writer.emptyMessage(emptyMessage)
            writer.close()
            return writer.markup
        }
        let positions = Self.drawnIndices(count: count).map { projection.position(latitude: latitudes[$0], longitude: longitudes[$0]) }
        var path = ""
        path.reserveCapacity(positions.count * 16)
        for (index, point) in positions.enumerated() {
            path += (index == 0 ? "M" : " L") + SVGNumber.coordinate(point.x) + " " + SVGNumber.coordinate(point.y)
        }
        writer.element("path", [
            ("class", "kc-route-track"), ("d", path), ("fill", "none"), ("stroke", style.lineColor),
            ("stroke-width", "3"), ("stroke-linejoin", "round"), ("stroke-linecap", "round"),
        ])
        let start = positions[0], end = positions[positions.count - 1]
        writer.element("rect", [
            ("class", "kc-route-end"), ("x", SVGNumber.coordinate(end.x - 5)), ("y", SVGNumber.coordinate(end.y - 5)),
            ("width", "10"), ("height", "10"), ("fill", Self.endColor), ("stroke", style.backgroundColor), ("stroke-width", "1.5"),
        ], tooltip: endLabel)
        writer.element("circle", [
            ("class", "kc-route-start"), ("cx", SVGNumber.coordinate(start.x)), ("cy", SVGNumber.coordinate(start.y)), ("r", "6"),
            ("fill", Self.startColor), ("stroke", style.backgroundColor), ("stroke-width", "1.5"),
        ], tooltip: startLabel)
        writer.close()
        return writer.markup
    }
}
