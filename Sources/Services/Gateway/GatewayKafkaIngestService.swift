import EventStream
import Foundation
import Health
import Storage

/// Stores what the stateless gateways put in Kafka (`kiroku ingest --from-kafka`): each message's sample becomes a
/// health record of the Kiroku account its `owner` names, checked again exactly as the gateway checks it. Writes are
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
        public let reason: String
    }

    /// Stores every storable message in one transaction; returns once it is committed.
    public func store(_ messages: [KafkaMessage], now: Date) async throws -> Tally {
        var tally = Tally()
        var owners: [String: Int64?] = [:]
        var records: [HealthRecord] = []
        var keptRaw: [Int64: [ImportedRawItem]] = [:]
        let decoder = JSONDecoder()
        for message in messages {
            func skip(_ reason: String) {
                tally.skipped.append(Skip(partition: message.partition, offset: message.offset, reason: reason))
            }
            guard let value = try? decoder.decode(GatewayKafkaMessage.self, from: message.value) else {
                skip("unreadable message")
                continue
            }
            guard let owner = value.owner else {
                skip("no owner (not from a stateless gateway)")
                continue
            }
            if owners[owner] == nil { owners[owner] = try await database.user(username: owner).flatMap(\.id) }
            guard let userId = owners[owner] ?? nil else {
                skip("no account named \(owner)")
                continue
            }
            let header = GatewayPayload(deviceId: value.deviceId, userId: value.userId, timestamp: value.timestamp, appVersion: value.appVersion, samples: [])
            let mapper = GatewaySampleMapper(userId: userId, payload: header, now: now)
            switch mapper.record(for: value.sample) {
            case .success(let record): records.append(record)
            case .failure(let error):
                // A known type in an unknown unit is kept raw, as the storing gateway keeps it.
                if error.code == KeptRawReason.unknownUnit.rawValue, let raw = mapper.keptRaw(value.sample, index: 0, reason: GatewayText(error.message, ko: nil)) {
                    keptRaw[userId, default: []].append(raw.item)
                } else {
                    skip(error.message.en)
                }
            }
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
