import Foundation
import Health
import Storage

/// Turns the app's samples into health records, one verdict per sample. Known types go through the metric
/// catalog (HealthKit units, percent ratios); a type the catalog doesn't know — later app versions add
/// vitamins, minerals, hearing — is stored as sent rather than dropped, and a known type in a unit the catalog cannot
/// convert is kept raw with its reason (as the Apple Health and Health Auto Export imports do) rather than refused.
public struct GatewaySampleMapper {
    public let userId: Int64
    public let payload: GatewayPayload
    public let now: Date

    /// Why one sample was refused: its id (or index) and a reason in both languages.
    public struct Rejection: Sendable, Equatable {
        public let index: Int
        public let sampleId: String?
        public let reason: GatewayText
    }

    /// A sample kept raw: stored as sent (type, value, unit, dates, source, metadata) with why it is not a record,
    /// so a later Kiroku that learns the unit can promote it. The app counts it as synced.
    public struct KeptRaw: Sendable, Equatable {
        public let index: Int
        public let sampleId: String
        public let item: ImportedRawItem
        public let reason: GatewayText
    }

    public struct Mapped: Sendable {
        public var records: [HealthRecord] = []
        /// Where each record's sample is in the batch, record by record.
        public var sampleIndexes: [Int] = []
        public var rejections: [Rejection] = []
        public var keptRaw: [KeptRaw] = []
        /// Exact repeats of a sample earlier in the same batch: synced with it, stored once.
        public var repeats = 0
        /// Samples accepted, as records, kept raw or as exact repeats.
        public var synced: Int { records.count + keptRaw.count + repeats }
    }

    public func map() -> Mapped {
        var mapped = Mapped()
        // The first sample seen under each id. The same id twice in one batch is one sample: an exact repeat is
        // synced with the first; a repeat that differs is refused by name, so the phone is told rather than the
        // second version vanishing without a trace.
        var seen: [String: GatewaySample] = [:]
        func isRepeat(_ sample: GatewaySample, id: String, index: Int) -> Bool {
            guard let first = seen[id] else {
                seen[id] = sample
                return false
            }
            if first.isRepeat(of: sample) {
                mapped.repeats += 1
            } else {
                mapped.rejections.append(Rejection(index: index, sampleId: sample.id, reason: .init(
                    ja: "このバッチで同じ ID のサンプルが内容を変えて再送されました。最初のものを保存しています",
                    en: "A sample with this id came earlier in this batch with different content; the first one is kept",
                    ko: "이 배치에서 같은 ID의 샘플이 다른 내용으로 다시 전송되었습니다. 처음 것을 저장했습니다"
                )))
            }
            return true
        }
        for (index, entry) in payload.samples.enumerated() {
            switch entry {
            case .failure(let reason):
                mapped.rejections.append(Rejection(index: index, sampleId: nil, reason: .init(ja: "読み取れないサンプル（\(reason)）", en: "Unreadable sample (\(reason))", ko: "읽을 수 없는 샘플 (\(reason))")))
            case .value(let sample):
                switch record(for: sample, unknownFields: payload.unknownSampleFields[index] ?? [:]) {
                case .success(let record):
                    guard !isRepeat(sample, id: record.externalId ?? "", index: index) else { continue }
                    mapped.records.append(record)
                    mapped.sampleIndexes.append(index)
                case .failure(let reason):
                    let korean = GatewayText.korean(forSampleRefusal: reason.code, type: sample.type, unit: sample.unit, value: sample.value)
                    let text = GatewayText(reason.message, ko: korean)
                    if reason.code == KeptRawReason.unknownUnit.rawValue, let raw = keptRaw(sample, index: index, reason: text) {
                        guard !isRepeat(sample, id: raw.sampleId, index: index) else { continue }
                        mapped.keptRaw.append(raw)
                    } else {
                        mapped.rejections.append(Rejection(index: index, sampleId: sample.id, reason: text))
                    }
                }
            }
        }
        return mapped
    }

    /// The raw row for a sample whose times and id are good but whose unit is unknown; nil when those are not good
    /// (the sample is then refused, as before).
    func keptRaw(_ sample: GatewaySample, index: Int, reason: GatewayText) -> KeptRaw? {
        guard let sampleId = UUIDText.canonical(sample.id),
              let start = try? Self.instant(sample.startDate, of: sample, field: "startDate"),
              let end = try? Self.instant(sample.endDate, of: sample, field: "endDate")
        else { return nil }
        var key = NaturalKey()
        key.add("Gateway")
        key.add(sampleId)
        var metadata = Self.metadata(of: sample, payload: payload, unknownFields: payload.unknownSampleFields[index] ?? [:])
        metadata["sampleId"] = sampleId
        let item = ImportedRawItem(
            element: "GatewaySample", type: sample.type, value: sample.value == sample.value.rounded() && abs(sample.value) < 1e15 ? String(Int64(sample.value)) : String(sample.value), unit: sample.unit,
            startAt: start.date, endAt: end.date, utcOffsetSeconds: sample.timezoneOffset.map { $0 * 60 } ?? start.utcOffsetSeconds,
            sourceName: sample.sourceBundle, attributes: ["deviceId": payload.deviceId], metadata: metadata, naturalKey: key,
            reason: .unknownUnit
        )
        return KeptRaw(index: index, sampleId: sampleId, item: item, reason: reason)
    }

    /// What a record keeps of the sample beyond its value and dates: the sample's metadata, the phone's label, the
    /// app version, the sample's zone and the time the phone made it, and any member this Kiroku does not know
    /// (`gatewayField.<name>`), so nothing the phone sent is dropped without a trace.
    static func metadata(of sample: GatewaySample, payload: GatewayPayload, unknownFields: [String: String]) -> [String: String] {
        var metadata = (sample.metadata ?? [:]).compactMapValues(\.text)
        for (name, value) in unknownFields { metadata["gatewayField." + name] = value }
        metadata["gatewayUserId"] = payload.userId
        if let timezone = sample.timezone { metadata["timezone"] = timezone }
        if let version = payload.appVersion { metadata["appVersion"] = version }
        if let createdAt = sample.createdAt { metadata["gatewayCreatedAt"] = createdAt }
        return metadata
    }

    public func record(for sample: GatewaySample, unknownFields: [String: String] = [:]) -> Result<HealthRecord, HealthError> {
        guard let sampleId = UUIDText.canonical(sample.id) else {
            return .failure(HealthError(code: "invalid_sample_id", message: .init(ja: "サンプル ID が UUID ではありません", en: "The sample id is not a UUID")))
        }
        let start: Date, end: Date, writtenOffset: Int
        do throws(HealthError) {
            let startInstant = try Self.instant(sample.startDate, of: sample, field: "startDate")
            start = startInstant.date
            writtenOffset = startInstant.utcOffsetSeconds
            end = try Self.instant(sample.endDate, of: sample, field: "endDate").date
            guard end >= start else { return .failure(.invalidTimeRange) }
            try MeasurementValidator.checkTimes(start: start, end: end, now: now, startField: "startDate")
        } catch {
            return .failure(error)
        }
        guard sample.value.isFinite else {
            return .failure(HealthError(code: "invalid_value", message: .init(ja: "値が数値ではありません", en: "The value is not a finite number")))
        }
        let metricId: String
        let value: Double
        if let metric = MetricCatalog.metric(named: sample.type) {
            do {
                value = try metric.canonicalValue(fromHealthKit: sample.value, unit: sample.unit)
            } catch {
                return .failure(error)
            }
            // Device data skip the manual-entry ranges, but not physical impossibilities.
            guard value >= 0 || metric.plausibleRange.lowerBound < 0 else { return .failure(.outOfRange(sample.value, unit: sample.unit, metric: metric)) }
            metricId = metric.id
        } else {
            let type = sample.type.trimmingCharacters(in: .whitespaces)
            guard !type.isEmpty, type.count <= 100 else { return .failure(.unknownMetric(sample.type)) }
            metricId = type
            value = sample.value
        }
        let metadata = Self.metadata(of: sample, payload: payload, unknownFields: unknownFields)
        return .success(HealthRecord(
            userId: userId, metric: metricId, value: value, originalValue: sample.value, originalUnit: sample.unit,
            startAt: start, endAt: end, utcOffsetSeconds: sample.timezoneOffset.map { $0 * 60 } ?? writtenOffset, source: .gateway,
            sourceName: sample.sourceBundle, device: payload.deviceId, metadata: metadata,
            externalId: sampleId, createdAt: now
        ))
    }

    /// Any ISO 8601 form the app's versions write; a local time without an offset takes the sample's own.
    private static func instant(_ text: String, of sample: GatewaySample, field: String) throws(HealthError) -> Instant {
        do throws(DateInputError) {
            return try GatewayDateReader.instant(text, timezoneOffset: sample.timezoneOffset, timezone: sample.timezone)
        } catch {
            throw HealthError(error.named(field))
        }
    }
}

extension GatewaySample {
    /// The same sample sent again: every field equal, the id perhaps in other letter case.
    func isRepeat(of other: GatewaySample) -> Bool {
        GatewaySample(
            id: other.id, type: type, value: value, unit: unit, startDate: startDate, endDate: endDate, sourceBundle: sourceBundle,
            metadata: metadata, isSynced: isSynced, createdAt: createdAt, timezone: timezone, timezoneOffset: timezoneOffset
        ) == other
    }
}
