import Foundation
import GRDB
import Health

/// What one Health Auto Export delivery did.
public struct UpsertCounts: Sendable, Equatable, Codable {
    public var inserted = 0
    /// The same metric, date and source arrived before with another value (the app re-sends a day as it grows).
    public var updated = 0
    /// Already stored exactly so: a retry or an overlapping backfill.
    public var unchanged = 0

    public init(inserted: Int = 0, updated: Int = 0, unchanged: Int = 0) {
        self.inserted = inserted
        self.updated = updated
        self.unchanged = unchanged
    }

    public static func += (total: inout UpsertCounts, more: UpsertCounts) {
        total.inserted += more.inserted
        total.updated += more.updated
        total.unchanged += more.unchanged
    }
}

extension AppDatabase {
    /// Upserts Health Auto Export samples keyed by `externalIds` (metric + date + source), in one transaction.
    public func upsertHealthAutoExport(userId: Int64, samples: [(sample: ImportedSample, externalId: String)], workouts: [ImportedWorkout], now: Date) async throws -> (records: UpsertCounts, workouts: UpsertCounts) {
        try await writer.write { db in
            var records = UpsertCounts()
            let source = RecordSource.healthAutoExport.rawValue
            // Run once per sample of a backfill that may hold a million: bound through SQLite's C API, dates as text.
            // It repeats the client-id index's condition (`StoredExternalId`), without which SQLite does not use it.
            let find = try ImportStatement(db, sql: "SELECT id, value, metadata IS ? FROM healthRecord WHERE userId = ? AND source = ? AND \(StoredExternalId.otherSources) AND externalId = ?")
            let update = try ImportStatement(db, sql: """
                UPDATE healthRecord SET value = ?, originalValue = ?, originalUnit = ?, metadata = ?, naturalKey = NULL, naturalKeyCheck = NULL, updatedAt = ? WHERE id = ?
                """)
            let updateMetadata = try ImportStatement(db, sql: "UPDATE healthRecord SET metadata = ?, updatedAt = ? WHERE id = ?")
            let insert = try ImportedSampleInsert(db, userId: userId, now: now)
            let recordSlots = try NaturalKeySlots(db: db, table: "healthRecord", userId: userId)
            let workoutSlots = try NaturalKeySlots(db: db, table: "healthWorkout", userId: userId)
            let routes = try WorkoutRouteWriter(db: db, userId: userId)
            let nowText = DatabaseDateText.string(now)
            for (sample, externalId) in samples {
                let metadata = sample.metadata.map(ImportJSON.object)
                let existing = try find.first(db) { row in
                    row.add(metadata)
                    row.add(userId)
                    row.add(source)
                    row.add(externalId)
                } read: { columns in
                    (id: columns.int64(0), value: columns.double(1), sameMetadata: columns.int64(2) == 1)
                }
                if let existing {
                    if existing.value == sample.value && existing.sameMetadata {
                        records.unchanged += 1
                    } else if existing.value == sample.value {
                        // Heart rate's Min/Max (or a kept field) changed while the value stayed: the natural key still holds.
                        _ = try updateMetadata.execute(db) { row in
                            row.add(metadata)
                            row.add(nowText)
                            row.add(existing.id)
                        }
                        records.updated += 1
                    } else {
                        _ = try update.execute(db) { row in
                            row.add(sample.value)
                            row.add(sample.originalValue)
                            row.add(sample.originalUnit)
                            row.add(metadata)
                            row.add(nowText)
                            row.add(existing.id)
                        }
                        records.updated += 1
                    }
                    continue
                }
                let stored = try recordSlots.store(sample.naturalKey) { slot in
                    try insert.insert(sample, metadata: metadata, source: .healthAutoExport, externalId: externalId, importJobId: nil, slot: slot, db: db)
                }
                if stored.inserted { records.inserted += 1 } else { records.unchanged += 1 }
            }
            var workoutCounts = UpsertCounts()
            for workout in workouts {
                let slot: Int64
                switch try workoutSlots.place(workout.naturalKey) {
                case let .present(found): slot = found
                case let .free(free): slot = free
                }
                let statistics = ImportJSON.string(workout.statistics)
                let heartRates = DatedJSON.string(workout.heartRates)
                // The fields the app sent that no column holds (intensity, temperature, …): a retry from a version that
                // kept fewer of them fills them in.
                let metadata = ImportJSON.object(workout.metadata)
                let existing = try Row.fetchOne(db, sql: "SELECT id, durationMinutes, distanceMeters, energyKcal, statistics, heartRates, metadata FROM healthWorkout WHERE userId = ? AND naturalKey = ?", arguments: [userId, slot])
                if let existing {
                    let workoutId: Int64 = existing["id"]
                    // A route sent later than its workout (the app adds it once the phone has it) is still stored.
                    let routeStored = try routes.storeOnce(workout.route, workoutId: workoutId, origin: .healthAutoExport).stored
                    let same = existing["durationMinutes"] as Double? == workout.durationMinutes
                        && existing["distanceMeters"] as Double? == workout.distanceMeters && existing["energyKcal"] as Double? == workout.energyKcal
                        && existing["statistics"] as String? == statistics && existing["heartRates"] as String? == heartRates
                        && existing["metadata"] as String? == metadata
                    if same && routeStored == 0 { workoutCounts.unchanged += 1; continue }
                    try db.execute(sql: """
                        UPDATE healthWorkout SET durationMinutes = ?, distanceMeters = ?, energyKcal = ?, endAt = ?, statistics = ?, heartRates = ?,
                        metadata = ?
                        WHERE userId = ? AND naturalKey = ?
                        """, arguments: [workout.durationMinutes, workout.distanceMeters, workout.energyKcal, workout.endAt, statistics, heartRates,
                                         metadata, userId, slot])
                    workoutCounts.updated += 1
                    continue
                }
                try db.execute(sql: """
                    INSERT INTO healthWorkout
                    (userId, activityType, startAt, endAt, utcOffsetSeconds, durationMinutes, distanceMeters, energyKcal,
                     statistics, events, routeFiles, metadata, source, sourceName, device, naturalKey, naturalKeyCheck, createdAt, heartRates)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]', '[]', ?, ?, ?, NULL, ?, ?, ?, ?)
                    """, arguments: [
                        userId, workout.activityType, workout.startAt, workout.endAt, workout.utcOffsetSeconds, workout.durationMinutes,
                        workout.distanceMeters, workout.energyKcal, statistics, metadata, source, workout.sourceName,
                        slot, workout.naturalKey.check, now, heartRates,
                    ])
                _ = try routes.storeOnce(workout.route, workoutId: db.lastInsertedRowID, origin: .healthAutoExport)
                workoutCounts.inserted += 1
            }
            return (records, workoutCounts)
        }
    }
}

extension AppDatabase {
    /// Stores Health Auto Export rows that could not become samples, as raw items (once: a retried delivery
    /// finds them by natural key). Answers how many were new.
    public func insertHealthAutoExportRaw(userId: Int64, items: [ImportedRawItem], now: Date) async throws -> Int {
        guard !items.isEmpty else { return 0 }
        return try await writer.write { db in
            try Self.insertRawItems(items, userId: userId, now: now, db: db)
        }
    }

    /// Raw items stored once each (a repeat finds them by natural key); answers how many were new.
    static func insertRawItems(_ items: [ImportedRawItem], userId: Int64, now: Date, db: Database) throws -> Int {
        let statement = try ImportStatement(db, sql: """
            INSERT OR IGNORE INTO healthRawItem
            (userId, element, type, value, unit, startAt, endAt, utcOffsetSeconds, sourceName, attributes, metadata,
             naturalKey, naturalKeyCheck, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let slots = try NaturalKeySlots(db: db, table: "healthRawItem", userId: userId)
        let nowText = DatabaseDateText.string(now)
        var inserted = 0
        for raw in items {
            let stored = try slots.store(raw.naturalKey) { slot in
                try statement.execute(db) { row in
                    row.addRawItem(raw, userId: userId, slot: slot, createdAt: nowText)
                }
            }
            if stored.inserted { inserted += 1 }
        }
        return inserted
    }
}
