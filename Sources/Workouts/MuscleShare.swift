/// How much of an exercise's work one muscle group does, in thousandths. An exercise's shares sum to 1000,
/// so effective volume per group is volume × share / 1000 with no rounding drift.
public struct MuscleShare: Sendable, Hashable {
    public let group: MuscleGroup
    public let thousandths: Int

    public init(_ group: MuscleGroup, _ thousandths: Int) {
        self.group = group
        self.thousandths = thousandths
    }

    public var fraction: Double { Double(thousandths) / 1000 }
}
