/// The design's `BusinessHours` ("10:45-22:00" strings) for the schedule in force on the day asked, plus last order
/// and rest days (Kiroku's additions, optional when read so the design's own JSON still decodes).
public struct BusinessHours: Codable, Sendable, Equatable {
    public var weekday: String
    public var weekend: String
    @ExplicitNull public var holiday: String?
    @ExplicitNull public var lastOrder: String?
    @ExplicitNull public var closedOnThursdays: Bool?
    @ExplicitNull public var followsFacility: Bool?

    public init(weekday: String, weekend: String, holiday: String?, lastOrder: String?, closedOnThursdays: Bool?, followsFacility: Bool?) {
        self.weekday = weekday
        self.weekend = weekend
        self.holiday = holiday
        self.lastOrder = lastOrder
        self.closedOnThursdays = closedOnThursdays
        self.followsFacility = followsFacility
    }
}
