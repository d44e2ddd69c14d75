import Foundation
import GRDB
import Health

/// Inserts mapped import items inside one transaction with prepared statements, tallying each outcome.
///
/// Every insert is `INSERT OR IGNORE` against a unique (userId, naturalKey) index, placed by NaturalKeySlots:
/// a row that is already there (earlier import, gateway, manual entry) is counted as present and left untouched.
struct ImportRowWriter {
    let db: Database
    let userId: Int64
    let jobId: Int64
    let now: Date
    private let nowText: String
    private let recordStatement: ImportedSampleInsert
    private let run: ImportedSampleRun
    private let rawStatement: ImportStatement
    private let workoutStatement: ImportStatement
    private let correlationStatement: ImportStatement
    private let recordJobStatement: Statement
    private let recordSlots: NaturalKeySlots
    private let rawSlots: NaturalKeySlots
    private let workoutSlots: NaturalKeySlots
    private let correlationSlots: NaturalKeySlots
    private let routes: WorkoutRouteWriter

    /// `rollups`: the transaction's rollup deferral for `userId` (the import only inserts records, never updates
    /// or deletes them, so the hours can be merged once at the end of the batch). `samples` and `texts`: the batch's
    /// top-level samples and their texts (`PreparedImportBatch`), which must outlive the writer.
    init(
        db: Database, userId: Int64, jobId: Int64, now: Date, rollups: HourlyRollupDeferral,
        samples: UnsafeBufferPointer<ImportedSample>, texts: UnsafeBufferPointer<ImportedSampleText>
    ) throws {
        self.db = db
        self.userId = userId
        self.jobId = jobId
        self.now = now
        self.nowText = DatabaseDateText.string(now)
        recordStatement = try ImportedSampleInsert(db, userId: userId, now: now, rollups: rollups)
        run = try ImportedSampleRun(db, userId: userId, importJobId: jobId, now: now, rollups: rollups, samples: samples, texts: texts)
        rawStatement = try ImportStatement(db, sql: """
            INSERT OR IGNORE INTO healthRawItem
            (userId, element, type, value, unit, startAt, endAt, utcOffsetSeconds, sourceName, attributes, metadata,
             naturalKey, naturalKeyCheck, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        workoutStatement = try ImportStatement(db, sql: """
            INSERT OR IGNORE INTO healthWorkout
            (userId, activityType, startAt, endAt, utcOffsetSeconds, durationMinutes, distanceMeters, energyKcal,
             statistics, events, routeFiles, metadata, source, sourceName, device, naturalKey, naturalKeyCheck, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        correlationStatement = try ImportStatement(db, sql: """
            INSERT OR IGNORE INTO healthCorrelation
            (userId, type, startAt, endAt, utcOffsetSeconds, sourceName, metadata, memberKeys, naturalKey, naturalKeyCheck, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        recordJobStatement = try db.cachedStatement(sql: "SELECT importJobId FROM healthRecord WHERE userId = ? AND naturalKey = ?")
        recordSlots = try NaturalKeySlots(db: db, table: "healthRecord", userId: userId)
        rawSlots = try NaturalKeySlots(db: db, table: "healthRawItem", userId: userId)
        workoutSlots = try NaturalKeySlots(db: db, table: "healthWorkout", userId: userId)
        correlationSlots = try NaturalKeySlots(db: db, table: "healthCorrelation", userId: userId)
        routes = try WorkoutRouteWriter(db: db, userId: userId)
    }

    /// Writes a prepared batch's items in order, then what waits in the run.
    func write(_ items: UnsafeBufferPointer<MappedItem>, job: inout ImportJob, tracker: inout ImportTracker) throws {
        var nextSample = 0
        for index in items.indices {
            if PreparedImportBatch.isTopLevelSample(items[index]) {
                if run.append(nextSample) { try writePendingSamples(job: &job, tracker: &tracker) }
                nextSample += 1
            } else {
                try write(items[index], job: &job, tracker: &tracker)
            }
        }
        try writePendingSamples(job: &job, tracker: &tracker)
    }

    /// Top-level samples (the batch's `samples`) wait in a run and are written many to a statement. A correlation
    /// writes them first, so it finds its members' top-level copies stored and counted as before; other items write to
    /// other tables and leave the run be.
    private func write(_ item: MappedItem, job: inout ImportJob, tracker: inout ImportTracker) throws {
        switch item {
        case .record(.sample):
            preconditionFailure("a top-level sample is written from the batch's samples")
        case let .record(record):
            try write(record, job: &job, tracker: &tracker, inCorrelation: false)
        case let .correlation(correlation):
            try writePendingSamples(job: &job, tracker: &tracker)
            // Members first: the correlation stores the slots that hold them, which is its link to them.
            var memberSlots: [Int64] = []
            for member in correlation.members {
                if let slot = try write(member, job: &job, tracker: &tracker, inCorrelation: true) { memberSlots.append(slot) }
            }
            Self.count(try insert(correlation, memberSlots: memberSlots), type: correlation.type, in: &job)
        case let .workout(workout):
            let outcome = try insert(workout)
            Self.count(outcome.inserted, type: "workout", in: &job)
            try writeRoute(of: workout, slot: outcome.slot, job: &job)
        case let .skippedWorkout(reason):
            Self.skip(type: "workout", reason: reason, in: &job)
        case let .raw(raw):
            Self.count(try insert(raw).inserted, type: raw.type, in: &job)
            Self.keptRaw(raw, in: &job)
        case let .me(characteristics, raw):
            Self.count(try insert(raw).inserted, type: raw.type, in: &job)
            job.profileFilled += try ImportedProfileFiller.fill(characteristics, userId: userId, now: now, db: db)
        case let .exportedAt(instant):
            job.exportedAt = instant.date
            job.exportedAtUtcOffsetSeconds = instant.utcOffsetSeconds
        case .ignored:
            break
        }
    }

    private func writePendingSamples(job: inout ImportJob, tracker: inout ImportTracker) throws {
        guard !run.isEmpty else { return }
        let written = try run.write(db)
        var tallies = ImportTallyRun()
        for (offset, outcome) in written.outcomes.enumerated() {
            let sample = written.samples.baseAddress! + offset
            let text = written.texts.baseAddress! + offset
            let stored = switch outcome {
            case .written: (inserted: true, slot: NaturalKeySlots.home(of: sample.pointee.naturalKey))
            case .refused: try insert(sample, text: text, lookingFirst: true)
            case .untried: try insert(sample, text: text)
            }
            if Self.countsAtTopLevel(stored, type: sample.pointee.metric, tracker: &tracker) {
                tallies.count(stored.inserted, type: sample.pointee.metric, in: &job)
            }
        }
        tallies.flush(into: &job)
    }

    /// An export lists a correlation's samples twice — inside it and at top level, in either order — and a
    /// sample may also appear only inside its correlation. Each is counted once: by whichever copy comes
    /// first in this run (the tracker remembers them), and a member already stored by this very job is
    /// silent (a top-level copy the tracker did not take for a member, or a batch before a resume).
    @discardableResult
    private func write(_ record: MappedRecord, job: inout ImportJob, tracker: inout ImportTracker, inCorrelation: Bool) throws -> Int64? {
        let outcome: (inserted: Bool, slot: Int64)
        let type: String
        switch record {
        case let .sample(sample):
            outcome = try insert(sample)
            type = sample.metric
        case let .raw(raw):
            outcome = try insert(raw)
            type = raw.type
        case let .skipped(skippedType, reason):
            if !inCorrelation { Self.skip(type: skippedType, reason: reason, in: &job) }
            return nil
        }
        if inCorrelation {
            tracker.noteMemberType(type)
            let countedBefore = tracker.countedAsMembers.contains(outcome.slot) || tracker.countedAtTopLevel.contains(outcome.slot)
            let silent = try !outcome.inserted && (countedBefore || storedByThisJob(record, slot: outcome.slot))
            if !silent {
                Self.count(outcome.inserted, type: type, in: &job)
                if case let .raw(raw) = record { Self.keptRaw(raw, in: &job) }
            }
            tracker.countedAsMembers.insert(outcome.slot)
        } else if Self.countsAtTopLevel(outcome, type: type, tracker: &tracker) {
            Self.count(outcome.inserted, type: type, in: &job)
            if case let .raw(raw) = record { Self.keptRaw(raw, in: &job) }
        }
        return outcome.slot
    }

    /// Whether a top-level copy is counted: not when a correlation counted that sample already. Remembers the copy
    /// for correlations still to come when its type may be a member.
    private static func countsAtTopLevel(_ outcome: (inserted: Bool, slot: Int64), type: String, tracker: inout ImportTracker) -> Bool {
        let counts = outcome.inserted || !tracker.countedAsMembers.contains(outcome.slot)
        if tracker.mayBeCorrelationMember(type) { tracker.countedAtTopLevel.insert(outcome.slot) }
        return counts
    }

    /// The workout's inline route, stored once per workout, and the points that could not be read, kept raw.
    private func writeRoute(of workout: ImportedWorkout, slot: Int64, job: inout ImportJob) throws {
        if !workout.route.isEmpty, let workoutId = try routes.workoutId(slot: slot) {
            let outcome = try routes.storeOnce(workout.route, workoutId: workoutId, origin: .exportInline)
            job.counts[WorkoutRoutePointRecord.importType, default: ImportTally()].imported += outcome.stored
            job.counts[WorkoutRoutePointRecord.importType, default: ImportTally()].alreadyPresent += outcome.present
        }
        for raw in workout.rejectedRoutePoints {
            Self.count(try insert(raw).inserted, type: raw.type, in: &job)
            Self.keptRaw(raw, in: &job)
        }
    }

    private func storedByThisJob(_ record: MappedRecord, slot: Int64) throws -> Bool {
        guard case .sample = record else { return false }
        return try Int64.fetchOne(recordJobStatement, arguments: [userId, slot]) == jobId
    }

    private static func count(_ inserted: Bool, type: String, in job: inout ImportJob) {
        if inserted { job.counts[type, default: ImportTally()].imported += 1 } else { job.counts[type, default: ImportTally()].alreadyPresent += 1 }
    }

    private static func keptRaw(_ raw: ImportedRawItem, in job: inout ImportJob) {
        if let reason = raw.reason { job.keptRawReasons[reason.rawValue, default: 0] += 1 }
    }

    private static func skip(type: String, reason: SkipReason, in job: inout ImportJob) {
        job.counts[type, default: ImportTally()].skipped += 1
        job.skippedReasons[reason.rawValue, default: 0] += 1
    }

    // MARK: - Rows

    /// A top-level sample the run did not write, stored one by one from the text prepared with its batch.
    private func insert(
        _ sample: UnsafePointer<ImportedSample>, text: UnsafePointer<ImportedSampleText>, lookingFirst: Bool = false
    ) throws -> (inserted: Bool, slot: Int64) {
        try recordSlots.store(sample.pointee.naturalKey, lookingFirst: lookingFirst) { slot in
            try recordStatement.insert(sample, text: text, source: .import, externalId: nil, importJobId: jobId, slot: slot, db: db)
        }
    }

    private func insert(_ sample: ImportedSample, lookingFirst: Bool = false) throws -> (inserted: Bool, slot: Int64) {
        try recordSlots.store(sample.naturalKey, lookingFirst: lookingFirst) { slot in
            try recordStatement.insert(
                sample, metadata: sample.metadata.map(ImportJSON.object), source: .import, externalId: nil, importJobId: jobId,
                slot: slot, db: db
            )
        }
    }

    private func insert(_ raw: ImportedRawItem) throws -> (inserted: Bool, slot: Int64) {
        try rawSlots.store(raw.naturalKey) { slot in
            try rawStatement.execute(db) { row in
                row.addRawItem(raw, userId: userId, slot: slot, createdAt: nowText)
            }
        }
    }

    private func insert(_ workout: ImportedWorkout) throws -> (inserted: Bool, slot: Int64) {
        try workoutSlots.store(workout.naturalKey) { slot in
            try workoutStatement.execute(db) { row in
                row.add(userId)
                row.add(workout.activityType)
                row.add(DatabaseDateText.string(workout.startAt))
                row.add(DatabaseDateText.string(workout.endAt))
                row.add(workout.utcOffsetSeconds)
                row.add(workout.durationMinutes)
                row.add(workout.distanceMeters)
                row.add(workout.energyKcal)
                row.add(ImportJSON.string(workout.statistics))
                row.add(ImportJSON.string(workout.events))
                row.add(ImportJSON.string(workout.routeFiles))
                row.add(ImportJSON.object(workout.metadata))
                row.add(RecordSource.import.rawValue)
                row.add(workout.sourceName)
                row.add(workout.device)
                row.add(slot)
                row.add(workout.naturalKey.check)
                row.add(nowText)
            }
        }
    }

    private func insert(_ correlation: ImportedCorrelation, memberSlots: [Int64]) throws -> Bool {
        try correlationSlots.store(correlation.naturalKey) { slot in
            try correlationStatement.execute(db) { row in
                row.add(userId)
                row.add(correlation.type)
                row.add(DatabaseDateText.string(correlation.startAt))
                row.add(DatabaseDateText.string(correlation.endAt))
                row.add(correlation.utcOffsetSeconds)
                row.add(correlation.sourceName)
                row.add(ImportJSON.object(correlation.metadata))
                row.add(ImportJSON.string(memberSlots))
                row.add(slot)
                row.add(correlation.naturalKey.check)
                row.add(nowText)
            }
        }.inserted
    }
}
