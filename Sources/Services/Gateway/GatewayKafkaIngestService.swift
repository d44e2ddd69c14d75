import EventStream
import Foundation
import Health
import Logging
import Storage

/// Stores what the stateless gateways put in Kafka (`kiroku ingest --from-kafka`): each message's sample becomes a
/// health record of the Kiroku account its `owner` names, read and checked again exactly as the gateway reads and checks
/// it (`GatewayKafkaMessageReader`), so it is stored with the metadata a storing gateway gives it. Writes are
/// idempotent by owner and sample id, so a message read twice — a retry through another gateway, or a batch re-read
/// after a crash before its offsets were committed — is stored once.
public struct GatewayKafkaIngestService: Sendable {
    let database: AppDatabase

    public init(database: AppDatabase) {
        self.database = database
    }

    /// What one call did with its messages.
    public struct Tally: Sendable, Equatable {
        public var stored = 0
        /// Already stored, by an earlier message or an earlier read of this one.
        public var duplicates = 0
        /// Messages that cannot be stored: unreadable, a sample the checks refuse, or an owner with no account here.
        public var skipped: [Skip] = []

        public init() {}

        public static func += (lhs: inout Tally, rhs: Tally) {
            lhs.stored += rhs.stored
            lhs.duplicates += rhs.duplicates
            lhs.skipped += rhs.skipped
        }
    }

    public struct Skip: Sendable, Equatable {
        public let partition: Int32
        public let offset: Int64
        public let reason: GatewayKafkaSkipReason

        /// The log line's fields: where the message is in the topic, and why (`GatewayKafkaSkipReason.logMetadata`).
        public func logMetadata(in language: Language) -> Logger.Metadata {
            reason.logMetadata(in: language).merging(["partition": "\(partition)", "offset": "\(offset)"]) { _, place in place }
        }
    }

    /// Stores every storable message in one transaction; returns once it is committed.
    public func store(_ messages: [KafkaMessage], now: Date) async throws -> Tally {
        var tally = Tally()
        var owners: [String: Int64?] = [:]
        var records: [HealthRecord] = []
        var keptRaw: [Int64: [ImportedRawItem]] = [:]
        for message in messages {
            func skip(_ reason: GatewayKafkaSkipReason) {
                tally.skipped.append(Skip(partition: message.partition, offset: message.offset, reason: reason))
            }
            // No owner can be read from a message that cannot be read, so it has no account to be kept with; the
            // trace is the skip (logged with partition and offset) and the message itself, still in the topic.
            guard let value = GatewayKafkaMessageReader.read(message.value) else {
                skip(.unreadableMessage)
                continue
            }
            guard let owner = value.owner else {
                skip(.noOwner)
                continue
            }
            if owners[owner] == nil { owners[owner] = try await database.user(username: owner).flatMap(\.id) }
            guard let userId = owners[owner] ?? nil else {
                skip(.unknownOwner(username: owner))
                continue
            }
            // The storing gateway's verdicts on a batch of this one sample: a record, kept raw (a known type in an
            // unknown unit) or refused, with the same metadata.
            let mapped = GatewaySampleMapper(userId: userId, payload: value.payload, now: now).map()
            records += mapped.records
            if !mapped.keptRaw.isEmpty { keptRaw[userId, default: []] += mapped.keptRaw.map(\.item) }
            for rejection in mapped.rejections { skip(.sampleRefused(rejection.reason)) }
        }
        for (userId, items) in keptRaw {
            tally.stored += try await database.insertHealthAutoExportRaw(userId: userId, items: items, now: now)
        }
        let outcomes = try await database.ingestGatewayBatch(records)
        let inserted = outcomes.filter(\.inserted)
        tally.stored += inserted.count
        tally.duplicates = outcomes.count - inserted.count
        for userId in Set(inserted.map(\.record.userId)) {
            await MotivationService(database: database).refreshBadgesAfterWrite(userId: userId, now: now)
        }
        return tally
    }
}
