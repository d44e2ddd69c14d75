import Foundation
import Health
import Storage

/// Validates and stores health records: the one path manual entry takes from the web form,
/// the JSON API and the CLI alike.
public struct HealthRecordService: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// A stored record with what the caller should know about it.
    public struct Outcome: Sendable {
        public let record: HealthRecord
        public let warnings: [ValidationWarning]
        /// False when a record with the same clientId already existed and was returned instead (a retry of the
        /// same record, or one since edited: see `RecordRetry`).
        public let created: Bool
    }

    /// A batch failed validation: which item, and why. Nothing of the batch was stored.
    public struct BatchError: Error, Sendable {
        public let index: Int
        public let error: HealthError
    }

    /// Validates every input first; stores all of them in one transaction only if all are valid.
    public func add(_ inputs: [RecordInput], userId: Int64, source: RecordSource = .manual, now: Date) async throws -> [Outcome] {
        var prepared: [(HealthRecord, [ValidationWarning])] = []
        for (index, input) in inputs.enumerated() {
            _ = try ClientId.validated(input.clientId, field: Self.clientIdField(index, of: inputs.count))
        }
        var measurements: [ValidatedMeasurement] = []
        for (index, input) in inputs.enumerated() {
            do {
                measurements.append(try MeasurementValidator.validate(
                    MeasurementInput(metric: input.metric, value: input.value, unit: input.unit, start: input.start ?? now, end: input.end),
                    now: now
                ))
            } catch {
                throw BatchError(index: index, error: error)
            }
        }
        // One read for the whole batch: a thousand records were a thousand round trips to the reader pool.
        let storedNearby = try await database.hasRecordNear(
            userId: userId, measurements.map { (metric: $0.metric.id, instant: $0.start) }, within: MeasurementValidator.duplicateInterval
        )
        var earlierInBatch: [String: [Date]] = [:]
        for (input, (measurement, nearby)) in zip(inputs, zip(measurements, storedNearby)) {
            var warnings = measurement.warnings
            let earlier = earlierInBatch[measurement.metric.id, default: []]
            if nearby || MeasurementValidator.duplicateWarning(for: measurement.start, existingStarts: earlier) != nil {
                warnings.append(MeasurementValidator.possibleDuplicate)
            }
            earlierInBatch[measurement.metric.id, default: []].append(measurement.start)
            let record = HealthRecord(
                userId: userId, metric: measurement.metric.id, value: measurement.canonicalValue,
                originalValue: measurement.originalValue, originalUnit: measurement.originalUnit,
                startAt: measurement.start, endAt: measurement.end, utcOffsetSeconds: input.utcOffsetSeconds,
                source: source, sourceName: input.sourceName, device: input.device, metadata: input.metadata,
                externalId: input.clientId, createdAt: now
            )
            prepared.append((record, warnings))
        }
        // A clientId already used answers with its record only for a retry of the same record; for other content
        // the whole batch is refused and rolled back (`RecordRetry`, `IdempotencyKeyReused`).
        let retries = zip(inputs, prepared).map { RecordRetry(input: $0, record: $1.0) }
        let stored = try await database.insertRecords(prepared.map(\.0)) { position, stored in
            guard retries[position].isAnswered(by: stored) else {
                throw IdempotencyKeyReused(field: Self.clientIdField(position, of: retries.count))
            }
        }
        if stored.contains(where: \.inserted) { await MotivationService(database: database).refreshBadgesAfterWrite(userId: userId, now: now) }
        return zip(stored, prepared).map { stored, prepared in
            Outcome(record: stored.record, warnings: stored.inserted ? prepared.1 : [], created: stored.inserted)
        }
    }

    /// Where a refusal says the clientId was: `clientId` for one record, `records[2].clientId` in a batch.
    static func clientIdField(_ index: Int, of count: Int) -> String {
        count == 1 ? "clientId" : "records[\(index)].clientId"
    }

    /// Applies a patch to a manual record the user owns, validating the result like a new entry. A unit without a
    /// value keeps the quantity and restates it in that unit (70 kg sent `"unit": "lb"` is 154.32… lb, still 70 kg):
    /// relabelling the number would turn 70 kg into 70 lb, a change nobody asked for.
    public func update(id: Int64, userId: Int64, patch: RecordPatch, now: Date) async throws -> Outcome {
        guard var record = try await database.record(id: id, userId: userId) else { throw ServiceError.notFound }
        guard record.source == RecordSource.manual.rawValue else { throw RecordError.manualOnly }
        let restatesUnit = patch.value == nil && patch.unit != nil
        let unit = patch.unit ?? (patch.value == nil ? record.originalUnit : nil)
        let value = restatesUnit ? try Self.restated(record, in: patch.unit) : patch.value ?? record.originalValue
        let start = patch.start ?? record.startAt
        let measurement = try MeasurementValidator.validate(
            MeasurementInput(metric: record.metric, value: value, unit: unit, start: start, end: patch.end ?? (patch.start == nil ? record.endAt : nil)),
            now: now
        )
        // Restated, the stored quantity stays exactly as it was, free of a round trip's floating-point noise.
        if !restatesUnit { record.value = measurement.canonicalValue }
        record.originalValue = measurement.originalValue
        record.originalUnit = measurement.originalUnit
        record.startAt = measurement.start
        record.endAt = measurement.end
        if let metadata = patch.metadata { record.metadata = metadata }
        record.updatedAt = now
        try await database.updateRecord(record)
        await MotivationService(database: database).refreshBadgesAfterWrite(userId: userId, now: now)
        return Outcome(record: record, warnings: measurement.warnings, created: false)
    }

    /// The record's quantity in `unit`; the number as entered when that is the unit it was entered in.
    static func restated(_ record: HealthRecord, in unit: String?) throws(HealthError) -> Double {
        guard let metric = MetricCatalog.metric(named: record.metric) else { throw HealthError.unknownMetric(record.metric) }
        // An unknown unit reads as canonical here; validating the patch refuses it by name.
        let symbol = unit.flatMap { metric.unit(named: $0)?.symbol } ?? metric.canonicalUnit
        if symbol == record.originalUnit { return record.originalValue }
        return try metric.value(record.value, in: unit)
    }

    /// Deletes a record the user owns, then recomputes badges (one earned by a deleted mistake is withdrawn within
    /// 24 hours of its award). Returns false for a record that is not theirs or does not exist.
    @discardableResult
    public func delete(id: Int64, userId: Int64, now: Date) async throws -> Bool {
        guard try await database.deleteRecord(id: id, userId: userId) else { return false }
        await MotivationService(database: database).refreshBadgesAfterWrite(userId: userId, now: now)
        return true
    }
}
