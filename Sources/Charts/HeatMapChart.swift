import Foundation

/// A grid of coloured cells, rows × columns (e.g. weekday × hour of typical waits). Each cell's colour comes from the
/// first band whose upper bound holds its value; cells without a value are drawn pale so gaps read as "no data", not
/// as "short". Every cell carries a tooltip, and the value is written inside when it fits.
public struct HeatMapChart: Sendable {
    /// A colour for values up to `upTo` (inclusive).
    public struct Band: Sendable, Equatable {
        public let upTo: Double
        public let color: String

        public init(upTo: Double, color: String) {
            self.upTo = upTo
            self.color = color
        }
    }

    public let rowLabels: [String]
    public let columnLabels: [String]
    /// `values[row][column]`; nil where there is no data.
    public let values: [[Double?]]
    public let bands: [Band]
    public let title: String
    public let emptyMessage: String
    /// Appended to values in tooltips, e.g. "分" or " min".
    public let unit: String
    public let missingColor: String
    public let style: ChartStyle

    public init(
        rowLabels: [String], columnLabels: [String], values: [[Double?]], bands: [Band], title: String, emptyMessage: String,
        unit: String, missingColor: String = "#f3f4f6", style: ChartStyle = ChartStyle(width: 360, height: 190, padding: ChartPadding(left: 22, right: 4, top: 8, bottom: 18))
    ) {
        self.rowLabels = rowLabels
        self.columnLabels = columnLabels
        self.values = values
        self.bands = bands
        self.title = title
        self.emptyMessage = emptyMessage
        self.unit = unit
        self.missingColor = missingColor
        self.style = style
    }

    public var hasData: Bool { values.contains { $0.contains { $0 != nil } } }

    public func color(for value: Double?) -> String {
        guard let value else { return missingColor }
        return bands.first { value <= $0.upTo }?.color ?? bands.last?.color ?? missingColor
    }

    public func svg(id: String = "heatmap") -> String {
        var writer = SVGWriter(style: style)
        let filled = values.flatMap { $0 }.compactMap { $0 }.count
        writer.open(id: id, kind: "heatmap", title: title, description: "\(rowLabels.count) × \(columnLabels.count), \(filled)")
        guard hasData, !rowLabels.isEmpty, !columnLabels.isEmpty else {
            writer.emptyMessage(emptyMessage)
            writer.close()
            return writer.markup
        }
        let plot = style.plot
        let cellWidth = plot.width / Double(columnLabels.count)
        let cellHeight = plot.height / Double(rowLabels.count)
        writer.open("g", [("class", "kc-axis kc-row-labels"), ("fill", style.textColor), ("text-anchor", "end")])
        for (row, label) in rowLabels.enumerated() {
            writer.element("text", [
                ("x", SVGNumber.coordinate(plot.x - 4)),
                ("y", SVGNumber.coordinate(plot.y + (Double(row) + 0.5) * cellHeight)),
                ("dominant-baseline", "middle"),
            ], text: label)
        }
        writer.end("g")
        writer.open("g", [("class", "kc-axis kc-column-labels"), ("fill", style.textColor), ("text-anchor", "middle")])
        for (column, label) in columnLabels.enumerated() {
            writer.element("text", [
                ("x", SVGNumber.coordinate(plot.x + (Double(column) + 0.5) * cellWidth)),
                ("y", SVGNumber.coordinate(plot.maxY + 13)),
            ], text: label)
        }
        writer.end("g")
        writer.open("g", [("class", "kc-cells")])
        for (row, rowValues) in values.enumerated() where row < rowLabels.count {
            for (column, value) in rowValues.enumerated() where column < columnLabels.count {
                let shown = value.map { SVGNumber.value($0, decimals: 0) } ?? "–"
                writer.element("rect", [
                    ("x", SVGNumber.coordinate(plot.x + Double(column) * cellWidth + 1)),
                    ("y", SVGNumber.coordinate(plot.y + Double(row) * cellHeight + 1)),
                    ("width", SVGNumber.coordinate(max(0, cellWidth - 2))),
                    ("height", SVGNumber.coordinate(max(0, cellHeight - 2))),
                    ("rx", "2"),
                    ("fill", color(for: value)),
                    ("data-value", value.map { SVGNumber.value($0, decimals: 0) } ?? ""),
                ], tooltip: "\(rowLabels[row]) \(columnLabels[column]): \(shown)\(value == nil ? "" : unit)")
            }
        }
        writer.end("g")
        writer.close()
        return writer.markup
    }
}
