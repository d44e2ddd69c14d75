/// Outcomes of consecutive items of one type, added to the job's counts when the type changes or the run ends.
///
/// An import's top-level samples come in long runs of one type; adding each outcome to the job's dictionary hashed
/// the type once per sample, which showed in profiles of the writing thread.
struct ImportTallyRun {
    private var type: String?
    private var tally = ImportTally()

    mutating func count(_ inserted: Bool, type: String, in job: inout ImportJob) {
        if self.type != type {
            flush(into: &job)
            self.type = type
        }
        if inserted { tally.imported += 1 } else { tally.alreadyPresent += 1 }
    }

    /// Adds what is counted to the job; call it before the job's counts are read or saved.
    mutating func flush(into job: inout ImportJob) {
        guard let type else { return }
        job.counts[type, default: ImportTally()].imported += tally.imported
        job.counts[type, default: ImportTally()].alreadyPresent += tally.alreadyPresent
        self.type = nil
        tally = ImportTally()
    }
}
