extension Metric {
    /// A day's value is a count of whole things (steps, floors): a sum of counts, so a fraction of one can never be
    /// reached or missed, and a goal of 8,000.5 steps is a slip of the keyboard. Counted levels such as mood are
    /// averaged over the day's entries (3.5 is a real day) and BMI is a ratio, so neither is one.
    public var isCountedInWholeUnits: Bool {
        canonicalUnit == "count" && aggregation == .cumulative
    }
}
