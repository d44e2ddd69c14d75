import Foundation
import Health

/// Writes a route as a GPX 1.1 document (topografix.com/GPX/1/1): one track, one segment, each point with its
/// elevation and time. Speed and course go in Garmin's TrackPointExtension v2 and the accuracies in Kiroku's own
/// namespace, so the document stays valid against the GPX schema (whose `extensions` admit only other namespaces)
/// and other apps read what they know.
public enum GPXWriter {
    public static let trackPointExtension = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    public static let kirokuNamespace = "urn:kiroku:gpx:1"

    public static func document(name: String, type: String?, points: [RoutePoint]) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Kiroku" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gpxtpx="\(trackPointExtension)" \
            xmlns:kiroku="\(kirokuNamespace)" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">

            """
        out += "  <metadata><name>\(escaped(name))</name>"
        if let first = points.first(where: { $0.time != nil })?.time { out += "<time>\(time(first))</time>" }
        out += "</metadata>\n  <trk><name>\(escaped(name))</name>"
        if let type { out += "<type>\(escaped(type))</type>" }
        out += "<trkseg>\n"
        out.reserveCapacity(out.utf8.count + points.count * 200)
        for point in points { out += trackPoint(point) }
        out += "  </trkseg></trk>\n</gpx>\n"
        return out
    }

    private static func trackPoint(_ point: RoutePoint) -> String {
        var line = "    <trkpt lat=\"\(decimal(point.latitude))\" lon=\"\(decimal(point.longitude))\">"
        if let elevation = point.elevation { line += "<ele>\(decimal(elevation))</ele>" }
        if let time = point.time { line += "<time>\(Self.time(time))</time>" }
        var garmin = ""
        if let speed = point.speed { garmin += "<gpxtpx:speed>\(decimal(speed))</gpxtpx:speed>" }
        if let course = point.course { garmin += "<gpxtpx:course>\(decimal(course))</gpxtpx:course>" }
        var own = ""
        if let accuracy = point.horizontalAccuracy { own += "<kiroku:hAcc>\(decimal(accuracy))</kiroku:hAcc>" }
        if let accuracy = point.verticalAccuracy { own += "<kiroku:vAcc>\(decimal(accuracy))</kiroku:vAcc>" }
        if !garmin.isEmpty || !own.isEmpty {
            line += "<extensions>"
            if !garmin.isEmpty { line += "<gpxtpx:TrackPointExtension>\(garmin)</gpxtpx:TrackPointExtension>" }
            line += own + "</extensions>"
        }
        return line + "</trkpt>\n"
    }

    /// The shortest text that reads back as the same number, never in exponent form (xsd:decimal has none).
    static func decimal(_ value: Double) -> String {
        let shortest = "\(value)"
        guard shortest.contains("e") else { return shortest.hasSuffix(".0") ? String(shortest.dropLast(2)) : shortest }
        var fixed = String(format: "%.12f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }

    /// UTC, with milliseconds only when the time has them.
    static func time(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let utc = TimeZone(identifier: "UTC")!
        let fractional = date.timeIntervalSince1970 != whole
        return Date.ISO8601FormatStyle(includingFractionalSeconds: fractional, timeZone: utc).format(date)
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
