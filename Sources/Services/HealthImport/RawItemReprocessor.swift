import Foundation
import Health
import Storage

/// `kiroku import --reprocess-raw`: rows an import, Health Auto Export or the gateway kept raw because Kiroku could
/// not map them then (an unknown unit or type) become samples once the current catalog maps them. Rows still not
/// understood stay raw, with their reason; running it again promotes nothing new.
public struct RawItemReprocessor: Sendable {
    public let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    public struct Summary: Sendable, Equatable {
        public var promoted = 0
        /// Rows kept raw for a reason and still not understood, per reason (`unknown_unit`, …).
        public var stillRaw: [String: Int] = [:]
    }

    public func run(userId: Int64, now: Date) async throws -> Summary {
        var summary = Summary()
        var promotions: [RawItemPromotion] = []
        for item in try await database.rawItems(userId: userId) {
            let metadata = (try? JSONDecoder().decode([String: String].self, from: Data(item.metadata.utf8))) ?? [:]
            // Elements raw by nature (ActivitySummary, Me, …) carry no reason and are not samples.
            guard let reason = metadata[KeptRawReason.metadataKey] else { continue }
            if let promotion = Self.promotion(item, metadata: metadata) {
                promotions.append(promotion)
            } else {
                summary.stillRaw[reason, default: 0] += 1
            }
        }
        summary.promoted = try await database.promoteRawItems(userId: userId, promotions, now: now)
        return summary
    }

    /// The sample a raw row is under today's catalog, or nil while it still cannot be one.
    static func promotion(_ item: HealthRawItemRecord, metadata: [String: String]) -> RawItemPromotion? {
        let source: RecordSource
        switch item.element {
        case "Record": source = .import
        case "HealthAutoExport": source = .healthAutoExport
        case "GatewaySample": source = .gateway
        default: return nil
        }
        guard let id = item.id, let metric = MetricCatalog.metric(named: item.type), let start = item.startAt,
              let original = item.value.flatMap(Double.init), original.isFinite,
              let value = try? metric.canonicalValue(fromHealthKit: original, unit: item.unit)
        else { return nil }
        let end = item.endAt ?? start
        let sourceName = item.sourceName ?? ""
        var kept = metadata
        kept[KeptRawReason.metadataKey] = nil
        let externalId: String? = switch source {
        case .gateway: kept.removeValue(forKey: "sampleId")
        case .healthAutoExport: "\(metric.id)|\(Int64(start.timeIntervalSince1970))|\(Int64(end.timeIntervalSince1970))|\(sourceName)"
        default: nil
        }
        let sample = ImportedSample(
            metric: metric.id, value: value, originalValue: original, originalUnit: item.unit ?? metric.canonicalUnit,
            startAt: start, endAt: end, utcOffsetSeconds: item.utcOffsetSeconds ?? 0, sourceName: sourceName,
            metadata: kept.isEmpty ? nil : kept,
            naturalKey: NaturalKey.sample(metric: metric.id, sourceName: sourceName, start: start, end: end, value: value)
        )
        return RawItemPromotion(rawItemId: id, sample: sample, source: source, externalId: externalId)
    }
}
