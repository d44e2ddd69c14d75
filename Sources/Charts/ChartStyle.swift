/// Size and look of a chart. Sizes are view-box units: the SVG scales to its container,
/// so the defaults are chosen for a 360-unit-wide phone column where 10-unit text stays legible.
/// Colours are emitted as presentation attributes, so a stylesheet targeting the `kc-*`
/// classes (dark mode, brand colours) overrides them without `!important`.
public struct ChartStyle: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var padding: ChartPadding
    public var fontSize: Double = 10
    public var fontFamily: String = "system-ui, -apple-system, 'Hiragino Sans', 'Noto Sans JP', sans-serif"
    public var lineColor: String = "#2563eb"
    public var lineWidth: Double = 1.5
    public var pointRadius: Double = 2.5
    public var movingAverageColor: String = "#f97316"
    /// Text in the moving average's hue (its axis labels): darker than the line, for 4.5:1 on the background.
    public var movingAverageTextColor: String = "#c2410c"
    public var movingAverageWidth: Double = 3
    public var barColor: String = "#10b981"
    public var goalColor: String = "#dc2626"
    public var axisColor: String = "#9ca3af"
    public var gridColor: String = "#e5e7eb"
    public var textColor: String = "#4b5563"
    /// Used for the halo that keeps labels drawn over data readable.
    public var backgroundColor: String = "#ffffff"

    public init(width: Double = 360, height: Double = 200, padding: ChartPadding = .standard) {
        self.width = width
        self.height = height
        self.padding = padding
    }

    public static let standard = ChartStyle()

    /// The plot area; never negative, so a caller's oversized padding degrades to an empty plot
    /// instead of inverted coordinates.
    var plot: ChartRect {
        ChartRect(
            x: padding.left,
            y: padding.top,
            width: Swift.max(0, width - padding.left - padding.right),
            height: Swift.max(0, height - padding.top - padding.bottom)
        )
    }
}
