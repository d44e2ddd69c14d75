import Health

/// What an import remembers between batches besides the job row, so that every sample is counted once
/// although an export lists a correlation's samples twice (inside it and at top level, in either order).
/// It holds slots of correlation members and of top-level records of the types correlations group (blood
/// pressure, food), not of every record: memory stays small however large the export.
public struct ImportTracker: Sendable {
    /// Slots of correlation members this run counted.
    var countedAsMembers: Set<Int64> = []
    /// Slots of top-level records this run counted whose type may also appear inside a correlation.
    var countedAtTopLevel: Set<Int64> = []
    /// Types met inside correlations so far, besides the known ones.
    private(set) var memberTypes: Set<String> = []
    /// The answers for the last few types asked about: top-level samples come in runs of one type or a few taking
    /// turns, and comparing with them skips hashing the type for every sample.
    private var answers = RecentKeys<String, Bool>()

    public init() {}

    mutating func mayBeCorrelationMember(_ type: String) -> Bool {
        if let index = answers.index(of: type) { return answers[index] }
        let answer = Self.knownMemberTypes.contains(type) || memberTypes.contains(type) || type.hasPrefix("HKQuantityTypeIdentifierDietary")
        _ = answers.add(type, answer)
        return answer
    }

    /// A type met inside a correlation: from now on its top-level records are remembered too.
    mutating func noteMemberType(_ type: String) {
        if memberTypes.insert(type).inserted { _ = answers.removeAll() }
    }

    /// Catalog metrics HealthKit groups into blood-pressure and food correlations.
    private static let knownMemberTypes: Set<String> = Set(MetricCatalog.all.filter { metric in
        metric.healthKitIdentifier.hasPrefix("HKQuantityTypeIdentifierBloodPressure")
            || metric.healthKitIdentifier.hasPrefix("HKQuantityTypeIdentifierDietary")
    }.map(\.id))
}
