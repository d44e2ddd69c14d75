import Foundation
import Health

/// Writes a route as a GPX 1.1 document (topografix.com/GPX/1/1): one track, one segment, each point with its
/// elevation and time. Speed and course go in Garmin's TrackPointExtension v2 and the accuracies in Kiroku's own
/// namespace, so the document stays valid against the GPX schema (whose `extensions` admit only other namespaces)
/// and other apps read what they know.
public enum GPXWriter {
    public static let trackPointExtension = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"
    public static let kirokuNamespace = "urn:kiroku:gpx:1"

    /// The whole document at once, for short routes and tests; the download streams `header`, `trackPoints`
    /// and `footer` instead.
    public static func document(name: String, type: String?, points: [RoutePoint]) -> String {
        header(name: name, type: type, firstTime: points.first(where: { $0.time != nil })?.time) + trackPoints(points) + footer
    }

    /// Everything before the first track point; `firstTime` (the first timed point's) is the document's time.
    public static func header(name: String, type: String?, firstTime: Date?) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="Kiroku" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gpxtpx="\(trackPointExtension)" \
            xmlns:kiroku="\(kirokuNamespace)" \
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">

            """
        out += "  <metadata><name>\(escaped(name))</name>"
        if let firstTime { out += "<time>\(time(firstTime))</time>" }
        out += "</metadata>\n  <trk><name>\(escaped(name))</name>"
        if let type { out += "<type>\(escaped(type))</type>" }
        return out + "<trkseg>\n"
    }

    /// A run of `<trkpt>` lines, appended to one string: a long route writes hundreds of thousands of them.
    public static func trackPoints(_ points: [RoutePoint]) -> String {
        var out = ""
        out.reserveCapacity(points.count * 200)
        for point in points { appendTrackPoint(point, to: &out) }
        return out
    }

    public static let footer = "  </trkseg></trk>\n</gpx>\n"

    private static func appendTrackPoint(_ point: RoutePoint, to out: inout String) {
        out += "    <trkpt lat=\""
        out += decimal(point.latitude)
        out += "\" lon=\""
        out += decimal(point.longitude)
        out += "\">"
        if let elevation = point.elevation { out += "<ele>" + decimal(elevation) + "</ele>" }
        if let time = point.time { out += "<time>" + Self.time(time) + "</time>" }
        let garmin = point.speed != nil || point.course != nil
        if garmin || point.horizontalAccuracy != nil || point.verticalAccuracy != nil {
            out += "<extensions>"
            if garmin {
                out += "<gpxtpx:TrackPointExtension>"
                if let speed = point.speed { out += "<gpxtpx:speed>" + decimal(speed) + "</gpxtpx:speed>" }
                if let course = point.course { out += "<gpxtpx:course>" + decimal(course) + "</gpxtpx:course>" }
                out += "</gpxtpx:TrackPointExtension>"
            }
            if let accuracy = point.horizontalAccuracy { out += "<kiroku:hAcc>" + decimal(accuracy) + "</kiroku:hAcc>" }
            if let accuracy = point.verticalAccuracy { out += "<kiroku:vAcc>" + decimal(accuracy) + "</kiroku:vAcc>" }
            out += "</extensions>"
        }
        out += "</trkpt>\n"
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

    /// UTC, with milliseconds only when the time has them. Written field by field rather than through a format
    /// style: a long route formats one time per point.
    static func time(_ date: Date) -> String {
        let milliseconds = Instant(date).millisecondsSince1970
        return DateTimeFields(wallClockMilliseconds: milliseconds).text(milliseconds: milliseconds % 1000 != 0) + "Z"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
