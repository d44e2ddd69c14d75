import Foundation
import Health
import Storage

/// The gateway's ingest: one batch from the phone app (reference/gateway-protocol.md) becomes health records and,
/// with Kafka on, one outbox message per new sample (one row for the batch), all in one transaction, so a success means durable. A retried batch
/// stores nothing twice. Who sent it and how fast are the server's business; this takes the body and the owner.
public struct GatewayIngestService: Sendable {
    public let database: AppDatabase
    public let settings: GatewaySettings
    /// Shared by every copy of the service, so concurrent batches of one account share their badge refreshes.
    let badges: BadgeRefreshCoalescer

    public init(database: AppDatabase, settings: GatewaySettings) {
        self.database = database
        self.settings = settings
        badges = BadgeRefreshCoalescer(database: database)
    }

    /// What one batch did.
    public struct Outcome: Sendable {
        /// Samples in the batch, readable or not.
        public let received: Int
        /// Samples accepted: stored now or by an earlier attempt, as records or kept raw.
        public let synced: Int
        /// Samples stored by this request.
        public let stored: Int
        public let rejections: [GatewaySampleMapper.Rejection]
        /// Samples kept raw (a known type in a unit Kiroku cannot convert), with why.
        public let keptRaw: [GatewaySampleMapper.KeptRaw]
    }

    /// Decodes, validates and stores one batch. Throws `GatewayError` (nothing stored) for a batch that cannot be
    /// read, is too large or finds the outbox full; single unreadable samples are rejections, not errors.
    public func ingest(_ body: Data, userId: Int64, now: Date) async throws -> Outcome {
        let payload = try Self.decode(body, settings: settings)
        let mapped = GatewaySampleMapper(userId: userId, payload: payload, now: now).map()
        let records = mapped.records
        let outbox = settings.kafkaEnabled ? Self.outbox(header: PayloadHeader(payload), samples: Self.sampleJSON(payload, mapped), userId: userId, now: now) : nil
        // Kept-raw samples are stored first, once each (their natural key is the sample id), so a batch answered
        // 200 holds them however its records fare; they are not sent to Kafka, which carries records.
        let rawStored = try await database.insertHealthAutoExportRaw(userId: userId, items: mapped.keptRaw.map(\.item), now: now)
        let outcomes: [(record: HealthRecord, inserted: Bool)]
        do {
            outcomes = try await database.ingestGatewayBatch(records, outboxLimit: settings.outboxLimit, messageHeader: outbox?.header, message: outbox?.message)
        } catch let full as OutboxFull {
            throw GatewayError.outboxFull(depth: full.depth, limit: settings.outboxLimit)
        }
        if outcomes.contains(where: \.inserted) { badges.refreshSoon(userId: userId, now: now) }
        return Outcome(
            received: payload.samples.count, synced: mapped.synced, stored: outcomes.filter(\.inserted).count + rawStored,
            rejections: mapped.rejections, keptRaw: mapped.keptRaw
        )
    }

    /// Reads a batch and checks its size: the one way both gateways (storing and forwarding to Kafka) read a body.
    /// Throws `GatewayError` for a batch that cannot be read or is too large.
    public static func decode(_ body: Data, settings: GatewaySettings) throws -> GatewayPayload {
        // The reader takes strict JSON only; JSONDecoder also takes a few other spellings (a trailing comma, a leading
        // zero), so a body the reader refuses gets JSONDecoder's verdict and phones see no difference.
        let read = body.withUnsafeBytes { GatewayPayloadReader.read($0) } ?? (try? APIJSON.makeDecoder().decode(GatewayPayload.self, from: body))
        guard let payload = read else { throw GatewayError.malformedPayload }
        guard payload.samples.count <= settings.maxSamplesPerRequest else {
            throw GatewayError.tooManySamples(limit: settings.maxSamplesPerRequest)
        }
        return payload
    }

    /// The outbox's part of a batch: the batch's fields once (the rows' header) and, for each newly stored record, the
    /// JSON of the sample it came from as received (`samples`, by the record's `externalId`). The relay puts them
    /// together into the Kafka message (`SQLiteOutbox`).
    static func outbox(header: PayloadHeader, samples: [String: Data], userId: Int64, now: Date) -> (header: Data, message: @Sendable (HealthRecord) throws -> OutboxMessage) {
        let key = GatewayKafkaMessage.key(accountId: userId, phoneUserId: header.userId)
        return (GatewayOutboxCodec.header(header, accountId: userId), { record in
            guard let json = samples[record.externalId ?? ""] else { throw GatewayError.malformedPayload }
            return OutboxMessage(userId: userId, messageKey: key, payload: json, createdAt: now)
        })
    }

    /// Each record's sample JSON, by the record's `externalId`.
    static func sampleJSON(_ payload: GatewayPayload, _ mapped: GatewaySampleMapper.Mapped) -> [String: Data] {
        var samples: [String: Data] = [:]
        samples.reserveCapacity(mapped.records.count)
        for (record, index) in zip(mapped.records, mapped.sampleIndexes) {
            if let id = record.externalId, let json = payload.sampleJSON(at: index) { samples[id] = json }
        }
        return samples
    }

    /// The batch-level fields the outbox message repeats, captured without the samples.
    public struct PayloadHeader: Sendable {
        public let deviceId: String
        public let userId: String
        public let timestamp: String?
        public let appVersion: String?

        public init(_ payload: GatewayPayload) {
            deviceId = payload.deviceId
            userId = payload.userId
            timestamp = payload.timestamp
            appVersion = payload.appVersion
        }
    }
}
