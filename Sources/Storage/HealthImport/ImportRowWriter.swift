import Foundation
import GRDB
import Health
import HealthImport

/// Inserts mapped import items inside one transaction with prepared statements, tallying each outcome.
///
/// Every insert is `INSERT OR IGNORE` against a unique (userId, naturalKey) index: a row that is already
/// there (earlier import, gateway, manual entry) is counted as present and left untouched.
struct ImportRowWriter {
    let db: Database
    let userId: Int64
    let jobId: Int64
    let now: Date
    private let nowText: String
    private let recordStatement: Statement
    private let rawStatement: Statement
    private let workoutStatement: Statement
    private let correlationStatement: Statement

    init(db: Database, userId: Int64, jobId: Int64, now: Date) throws {
        self.db = db
        self.userId = userId
        self.jobId = jobId
        self.now = now
        self.nowText = DatabaseDateText.string(now)
        recordStatement = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO healthRecord
            (userId, metric, value, originalValue, originalUnit, startAt, endAt, utcOffsetSeconds, source, sourceName,
             device, metadata, createdAt, updatedAt, naturalKey, importJobId)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        rawStatement = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO healthRawItem
            (userId, element, type, value, unit, startAt, endAt, utcOffsetSeconds, sourceName, attributes, metadata, naturalKey, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        workoutStatement = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO healthWorkout
            (userId, activityType, startAt, endAt, utcOffsetSeconds, durationMinutes, distanceMeters, energyKcal,
             statistics, events, routeFiles, metadata, source, sourceName, device, naturalKey, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        correlationStatement = try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO healthCorrelation
            (userId, type, startAt, endAt, utcOffsetSeconds, sourceName, metadata, memberKeys, naturalKey, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    }

    func write(_ item: MappedItem, job: inout ImportJob, tracker: inout ImportTracker) throws {
        switch item {
        case let .record(record):
            try write(record, job: &job, tracker: &tracker, inCorrelation: false)
        case let .correlation(correlation):
            let inserted = try insert(correlation)
            Self.count(inserted, type: correlation.type, in: &job)
            for member in correlation.members {
                try write(member, job: &job, tracker: &tracker, inCorrelation: true)
            }
        case let .workout(workout):
            Self.count(try insert(workout), type: "workout", in: &job)
        case let .skippedWorkout(reason):
            Self.skip(type: "workout", reason: reason, in: &job)
        case let .raw(raw):
            Self.count(try insert(raw), type: raw.type, in: &job)
        case let .me(characteristics, raw):
            Self.count(try insert(raw), type: raw.type, in: &job)
            job.profileFilled += try ImportedProfileFiller.fill(characteristics, userId: userId, now: now, db: db)
        case .ignored:
            break
        }
    }

    /// A sample appears twice in an export, top-level and inside its correlation, and is counted once.
    /// Counts follow the top-level records; a correlation member is counted only when it is new (a sample
    /// the export lists nowhere else), and a top-level copy of a member this run inserted is silent.
    private func write(_ record: MappedRecord, job: inout ImportJob, tracker: inout ImportTracker, inCorrelation: Bool) throws {
        let inserted: Bool
        let type: String
        switch record {
        case let .sample(sample):
            inserted = try insert(sample)
            type = sample.metric
        case let .raw(raw):
            inserted = try insert(raw)
            type = raw.type
        case let .skipped(skippedType, reason):
            if !inCorrelation { Self.skip(type: skippedType, reason: reason, in: &job) }
            return
        }
        guard let key = record.naturalKey else { return }
        if inCorrelation {
            guard inserted else { return }
            tracker.keysInsertedFromCorrelations.insert(key)
        } else if !inserted, tracker.keysInsertedFromCorrelations.contains(key) {
            return
        }
        Self.count(inserted, type: type, in: &job)
    }

    private static func count(_ inserted: Bool, type: String, in job: inout ImportJob) {
        if inserted { job.counts[type, default: ImportTally()].imported += 1 } else { job.counts[type, default: ImportTally()].alreadyPresent += 1 }
    }

    private static func skip(type: String, reason: SkipReason, in job: inout ImportJob) {
        job.counts[type, default: ImportTally()].skipped += 1
        job.skippedReasons[reason.rawValue, default: 0] += 1
    }

    // MARK: - Rows

    private func insert(_ sample: ImportedSample) throws -> Bool {
        try recordStatement.execute(arguments: [
            userId, sample.metric, sample.value, sample.originalValue, sample.originalUnit,
            DatabaseDateText.string(sample.startAt), DatabaseDateText.string(sample.endAt),
            sample.utcOffsetSeconds, RecordSource.import.rawValue, sample.sourceName, sample.device,
            sample.metadata.map(ImportJSON.object), nowText, nowText, sample.naturalKey, jobId,
        ])
        return db.changesCount > 0
    }

    private func insert(_ raw: ImportedRawItem) throws -> Bool {
        try rawStatement.execute(arguments: [
            userId, raw.element, raw.type, raw.value, raw.unit, raw.startAt.map(DatabaseDateText.string), raw.endAt.map(DatabaseDateText.string), raw.utcOffsetSeconds, raw.sourceName,
            ImportJSON.object(raw.attributes), ImportJSON.object(raw.metadata), raw.naturalKey, nowText,
        ])
        return db.changesCount > 0
    }

    private func insert(_ workout: ImportedWorkout) throws -> Bool {
        try workoutStatement.execute(arguments: [
            userId, workout.activityType, workout.startAt, workout.endAt, workout.utcOffsetSeconds, workout.durationMinutes,
            workout.distanceMeters, workout.energyKcal, ImportJSON.string(workout.statistics), ImportJSON.string(workout.events),
            ImportJSON.string(workout.routeFiles), ImportJSON.object(workout.metadata), RecordSource.import.rawValue,
            workout.sourceName, workout.device, workout.naturalKey, now,
        ])
        return db.changesCount > 0
    }

    private func insert(_ correlation: ImportedCorrelation) throws -> Bool {
        try correlationStatement.execute(arguments: [
            userId, correlation.type, correlation.startAt, correlation.endAt, correlation.utcOffsetSeconds,
            correlation.sourceName, ImportJSON.object(correlation.metadata), ImportJSON.string(correlation.memberKeys),
            correlation.naturalKey, now,
        ])
        return db.changesCount > 0
    }
}
