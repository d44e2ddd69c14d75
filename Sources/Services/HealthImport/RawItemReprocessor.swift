import Foundation
import Health
import HealthImport
import Storage

/// `kiroku import --reprocess-raw`: rows an import, Health Auto Export or the gateway kept raw because Kiroku could
/// not map them then (an unknown unit or type, the 2015 statistics shape) become samples once the current version
/// maps them, at the natural key (and Health Auto Export / gateway id) a fresh import of the same item would give.
/// Rows still not understood stay raw, with their reason; running it again promotes nothing new.
public struct RawItemReprocessor: Sendable {
    public let database: AppDatabase

    /// Raw rows read, mapped and promoted per step (one transaction each): a run holds one page of them, never all.
    public var itemsPerPage = 5_000

    public init(database: AppDatabase) {
        self.database = database
    }

    public struct Summary: Sendable, Equatable {
        /// Raw rows that became samples (a Health Auto Export blood-pressure row becomes two).
        public var promoted = 0
        /// Rows kept raw for a reason and still not understood, per reason (`unknown_unit`, …).
        public var stillRaw: [String: Int] = [:]
    }

    /// Goes through the user's raw rows in the order they were stored, a page at a time; each page's promotions are
    /// stored in one transaction, so a run stopped midway leaves whole pages promoted and the next run does the rest.
    public func run(userId: Int64, now: Date) async throws -> Summary {
        var summary = Summary()
        var values = CanonicalValues()
        var after: Int64?
        while true {
            let page = try await database.rawItems(userId: userId, afterId: after, limit: itemsPerPage)
            var promotions: [RawItemPromotion] = []
            for item in page {
                let metadata = Self.strings(item.metadata)
                // Elements raw by nature (ActivitySummary, Me, …) carry no reason and are not samples.
                guard let reason = metadata[KeptRawReason.metadataKey], let id = item.id else { continue }
                let found: [RawItemPromotion] = switch item.element {
                case "Record": Self.appleRecord(item, id: id, metadata: metadata, values: &values, now: now).map { [$0] } ?? []
                case "HealthAutoExport": Self.healthAutoExportRow(item, id: id, now: now)
                case "GatewaySample": Self.gatewaySample(item, id: id, metadata: metadata).map { [$0] } ?? []
                default: []
                }
                if found.isEmpty { summary.stillRaw[reason, default: 0] += 1 }
                promotions += found
            }
            summary.promoted += try await database.promoteRawItems(userId: userId, promotions, now: now)
            guard page.count == itemsPerPage, let last = page.last?.id else { return summary }
            after = last
        }
    }

    /// An Apple Health `<Record>` as `HealthKitMapper` reads it today: `value`, else the 2015 shape's `average`
    /// (with `min`, `max`, `recordCount` kept as "@min", "@max", "@recordCount", as an import keeps them); its
    /// `sourceVersion` and readable `creationDate` go to the sample's own columns, an unreadable one stays "@creationDate".
    static func appleRecord(
        _ item: HealthRawItemRecord, id: Int64, metadata: [String: String], values: inout CanonicalValues, now: Date
    ) -> RawItemPromotion? {
        let attributes = strings(item.attributes)
        guard let metric = MetricCatalog.metric(named: item.type), let start = item.startAt,
              let original = (item.value ?? attributes["average"]).flatMap(Double.init), original.isFinite,
              let value = values.canonical(original, unit: item.unit, metric: metric)
        else { return nil }
        var kept = metadata
        kept[KeptRawReason.metadataKey] = nil
        let created = SourceCreationDate.read(attributes["creationDate"], window: .healthData(now: now))
        for (name, text) in attributes where !["device", "startDate", "endDate", "sourceVersion"].contains(name) {
            if name == "creationDate", created != nil { continue }
            kept["@" + name] = text
        }
        let sourceName = item.sourceName ?? ""
        let end = item.endAt ?? start
        let sample = ImportedSample(
            metric: metric.id, value: value, originalValue: original, originalUnit: item.unit ?? metric.canonicalUnit,
            startAt: start, endAt: end, utcOffsetSeconds: item.utcOffsetSeconds ?? 0, sourceName: sourceName, device: attributes["device"],
            metadata: kept.isEmpty ? nil : kept,
            naturalKey: NaturalKey.sample(metric: metric.id, sourceName: sourceName, start: start, end: end, value: value),
            sourceVersion: attributes["sourceVersion"], sourceCreatedAt: created
        )
        return RawItemPromotion(rawItemId: id, sample: sample, source: .import, externalId: nil)
    }

    /// A Health Auto Export row, kept with every field as text, mapped again by today's `HealthAutoExportMapper`
    /// (snake_case names, Min/Avg/Max, blood pressure, both sleep forms), so samples and ids are a delivery's.
    static func healthAutoExportRow(_ item: HealthRawItemRecord, id: Int64, now: Date) -> [RawItemPromotion] {
        var fields = strings(item.attributes).mapValues(JSONValue.string)
        if fields["qty"] == nil, fields["value"] == nil, fields["Avg"] == nil, let value = item.value { fields["qty"] = .string(value) }
        var mapper = HealthAutoExportMapper(now: now)
        var samples: [HealthAutoExportMapper.Sample] = []
        mapper.map(row: .object(fields), metric: item.type, units: item.unit, into: &samples)
        return samples.map { RawItemPromotion(rawItemId: id, sample: $0.sample, source: .healthAutoExport, externalId: $0.externalId) }
    }

    /// A gateway sample kept for its unit; its `sampleId` stays the external id so the app's retries still match.
    static func gatewaySample(_ item: HealthRawItemRecord, id: Int64, metadata: [String: String]) -> RawItemPromotion? {
        guard let metric = MetricCatalog.metric(named: item.type), let start = item.startAt,
              let original = item.value.flatMap(Double.init), original.isFinite,
              let value = try? metric.canonicalValue(fromHealthKit: original, unit: item.unit)
        else { return nil }
        var kept = metadata
        kept[KeptRawReason.metadataKey] = nil
        let externalId = kept.removeValue(forKey: "sampleId")
        let sourceName = item.sourceName ?? ""
        let end = item.endAt ?? start
        let sample = ImportedSample(
            metric: metric.id, value: value, originalValue: original, originalUnit: item.unit ?? metric.canonicalUnit,
            startAt: start, endAt: end, utcOffsetSeconds: item.utcOffsetSeconds ?? 0, sourceName: sourceName,
            metadata: kept.isEmpty ? nil : kept,
            naturalKey: NaturalKey.sample(metric: metric.id, sourceName: sourceName, start: start, end: end, value: value)
        )
        return RawItemPromotion(rawItemId: id, sample: sample, source: .gateway, externalId: externalId)
    }

    /// A stored JSON object of texts (attributes, metadata); empty when it is not one.
    static func strings(_ json: String) -> [String: String] {
        (try? JSONDecoder().decode([String: String].self, from: Data(json.utf8))) ?? [:]
    }
}
