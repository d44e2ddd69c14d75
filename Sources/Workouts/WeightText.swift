import Health

/// How Workouts writes kilograms and other amounts for people: at most one decimal, none when whole
/// ("80", "82.5", "1234.6").
public enum WeightText {
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
    }

    /// Like `format`, with the whole part in groups of three (12,345 kg), for totals people read: a week's volume
    /// runs to five digits. Form fields keep `format`, which is read back as typed.
    public static func grouped(_ value: Double) -> String {
        DigitGrouping.apply(format(value))
    }
}
