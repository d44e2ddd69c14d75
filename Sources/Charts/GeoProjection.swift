import Foundation

/// Latitude and longitude onto a plot, with no map tiles: equirectangular, longitudes shortened by the cosine of the
/// middle latitude so distances look right in both directions, fitted to the plot and centred on the side that does
/// not limit the scale.
struct GeoProjection {
    private let minLat: Double
    private let maxLat: Double
    private let minLon: Double
    private let squeeze: Double
    private let scale: Double
    private let offsetX: Double
    private let offsetY: Double

    /// Nil when there are no coordinates to fit.
    init?(latitudes: [Double], longitudes: [Double], plot: ChartRect) {
        guard let minLat = latitudes.min(), let maxLat = latitudes.max(), let minLon = longitudes.min(), let maxLon = longitudes.max() else {
            return nil
        }
        self.minLat = minLat
        self.maxLat = maxLat
        self.minLon = minLon
        squeeze = cos((minLat + maxLat) / 2 * .pi / 180)
        let spanX = max((maxLon - minLon) * squeeze, 1e-9), spanY = max(maxLat - minLat, 1e-9)
        scale = min(plot.width / spanX, plot.height / spanY)
        offsetX = plot.x + (plot.width - spanX * scale) / 2
        offsetY = plot.y + (plot.height - spanY * scale) / 2
    }

    func position(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        (offsetX + (longitude - minLon) * squeeze * scale, offsetY + (maxLat - latitude) * scale)
    }
}
