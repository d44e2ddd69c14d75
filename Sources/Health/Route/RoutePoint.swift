import Foundation

/// One GPS fix of a workout's route, as Apple Health (`<Location>`, GPX `trkpt`) and Health Auto Export write it:
/// degrees, metres, metres per second. Optional fields are absent when the source did not say (CoreLocation's
/// "invalid" −1 for speed and course is read as absent).
public struct RoutePoint: Sendable, Equatable, Codable {
    public var time: Date?
    public var latitude: Double
    public var longitude: Double
    /// Metres above sea level.
    public var elevation: Double?
    /// Metres per second.
    public var speed: Double?
    /// Degrees clockwise from true north.
    public var course: Double?
    /// Radius of uncertainty of the position, metres.
    public var horizontalAccuracy: Double?
    /// Uncertainty of the elevation, metres.
    public var verticalAccuracy: Double?

    public init(time: Date?, latitude: Double, longitude: Double, elevation: Double? = nil, speed: Double? = nil, course: Double? = nil, horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.speed = speed
        self.course = course
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
    }

    /// Whether the coordinates can be on Earth at all: a point outside ±90/±180 (or not a number) is kept raw.
    public static func isValid(latitude: Double, longitude: Double) -> Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// CoreLocation writes −1 for "no speed" and "no course": those mean absent, not a value.
    public static func measured(_ value: Double?) -> Double? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        return value
    }
}
