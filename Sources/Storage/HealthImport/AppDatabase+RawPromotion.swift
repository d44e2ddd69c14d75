import Foundation
import GRDB
import Health

/// A raw item that the current mapping understands, as the sample it becomes.
public struct RawItemPromotion: Sendable {
    public var rawItemId: Int64
    public var sample: ImportedSample
    public var source: RecordSource
    /// The gateway's sample id or Health Auto Export's metric + dates + source, so the app's retries still match.
    public var externalId: String?

    public init(rawItemId: Int64, sample: ImportedSample, source: RecordSource, externalId: String?) {
        self.rawItemId = rawItemId
        self.sample = sample
        self.source = source
        self.externalId = externalId
    }
}

extension AppDatabase {
    /// Turns raw items into samples in one transaction: each sample is stored at its natural key (a sample already
    /// there is not stored twice) and its raw item removed, so running again promotes nothing. Answers how many raw
    /// items were promoted.
    public func promoteRawItems(userId: Int64, _ promotions: [RawItemPromotion], now: Date) async throws -> Int {
        guard !promotions.isEmpty else { return 0 }
        return try await writer.write { db in
            let insert = try ImportedSampleInsert(db, userId: userId, now: now)
            let slots = try NaturalKeySlots(db: db, table: "healthRecord", userId: userId)
            // One raw row may give several samples (a blood-pressure row gives two); each row is removed once, and
            // a row already gone (another run promoted it) gives none.
            var removed: [Int64: Bool] = [:]
            for promotion in promotions {
                let id = promotion.rawItemId
                if removed[id] == nil { removed[id] = try HealthRawItemRecord.owned(by: userId).filter(key: id).deleteAll(db) == 1 }
                guard removed[id] == true else { continue }
                // The app delivered this id again later and that copy was stored: it is the newer one.
                if let externalId = promotion.externalId, try HealthRecord.owned(by: userId).filter(StoredExternalId.filter(
                    source: promotion.source.rawValue, externalId: externalId, startText: DatabaseDateText.string(promotion.sample.startAt)
                )).isEmpty(db) == false { continue }
                _ = try slots.store(promotion.sample.naturalKey) { slot in
                    try insert.insert(
                        promotion.sample, metadata: promotion.sample.metadata.map(ImportJSON.object), source: promotion.source,
                        externalId: promotion.externalId, importJobId: nil, slot: slot, db: db
                    )
                }
            }
            return removed.values.filter { $0 }.count
        }
    }
}
