import Foundation
import Health

/// A route point, or why it could not be one.
enum Checked {
    case success(RoutePoint)
    case failure(KeptRawReason)
}

/// One route point as a source wrote it, before it is checked: the same rules for an inline `<Location>`,
/// a GPX `trkpt` and a Health Auto Export `route` entry.
struct RoutePointInput {
    var time: String?
    var latitude: Double?
    var longitude: Double?
    var elevation: Double?
    var speed: Double?
    var course: Double?
    var horizontalAccuracy: Double?
    var verticalAccuracy: Double?

    /// The point, or why it cannot be one. A point without a time is still a place on the route; a time that
    /// is written but unreadable (or outside the health-data window) is refused.
    func point(window: InstantWindow) -> Checked {
        guard let latitude, let longitude, RoutePoint.isValid(latitude: latitude, longitude: longitude) else {
            return .failure(.badValue)
        }
        var date: Date?
        if let time {
            guard let instant = try? Instant.parse(time, forms: .exportFiles), window.contains(instant.date) else { return .failure(.badDate) }
            date = instant.date
        }
        return .success(RoutePoint(
            time: date, latitude: latitude, longitude: longitude, elevation: elevation.flatMap { $0.isFinite ? $0 : nil },
            speed: RoutePoint.measured(speed), course: RoutePoint.measured(course),
            horizontalAccuracy: RoutePoint.measured(horizontalAccuracy), verticalAccuracy: RoutePoint.measured(verticalAccuracy)
        ))
    }

    /// An inline `<Location>` element's attributes.
    init(location attributes: [String: String]) {
        time = attributes["date"]
        latitude = attributes["latitude"].flatMap(Double.init)
        longitude = attributes["longitude"].flatMap(Double.init)
        elevation = attributes["altitude"].flatMap(Double.init)
        speed = attributes["speed"].flatMap(Double.init)
        course = attributes["course"].flatMap(Double.init)
        horizontalAccuracy = attributes["horizontalAccuracy"].flatMap(Double.init)
        verticalAccuracy = attributes["verticalAccuracy"].flatMap(Double.init)
    }

    init() {}
}

/// A route point that could not be read, kept raw: where it came from, every field as written, and why.
public enum RejectedRoutePoint {
    public static func raw(element: String, workoutKey: NaturalKey?, file: String?, index: Int, fields: [String: String], reason: KeptRawReason) -> ImportedRawItem {
        var key = NaturalKey()
        key.add("RoutePoint")
        key.add(element)
        key.add(file ?? "")
        if let workoutKey { key.add(workoutKey.check) }
        key.add(Int64(index))
        for (name, value) in fields.sorted(by: { $0.key < $1.key }) {
            key.add(name)
            key.add(value)
        }
        var attributes = fields
        if let file { attributes["file"] = file }
        attributes["index"] = String(index)
        return ImportedRawItem(
            element: element, type: "WorkoutRoute", value: nil, unit: nil, startAt: nil, endAt: nil, utcOffsetSeconds: nil,
            sourceName: nil, attributes: attributes, metadata: [:], naturalKey: key, reason: reason
        )
    }
}
