/// Outcomes of an import's items, counted per type a few types at a time and added to the job's counts when a type
/// makes room for another or the run ends.
///
/// Adding each outcome to the job's dictionary hashed the type once per sample, which showed in profiles of the writing
/// thread; the few types in play at once are compared instead (`RecentKeys`).
struct ImportTallyRun {
    private var tallies = RecentKeys<String, ImportTally>()

    mutating func count(_ inserted: Bool, type: String, in job: inout ImportJob) {
        let index = tallies.index(of: type, addingIfAbsent: ImportTally()) { Self.add($0, to: &job) }
        if inserted { tallies[index].imported += 1 } else { tallies[index].alreadyPresent += 1 }
    }

    /// Adds what is counted to the job; call it before the job's counts are read or saved.
    mutating func flush(into job: inout ImportJob) {
        for entry in tallies.removeAll() { Self.add(entry, to: &job) }
    }

    private static func add(_ entry: (key: String, value: ImportTally), to job: inout ImportJob) {
        job.counts[entry.key, default: ImportTally()].imported += entry.value.imported
        job.counts[entry.key, default: ImportTally()].alreadyPresent += entry.value.alreadyPresent
    }
}
