import Foundation
import Health
import Hummingbird
import NIOCore
import Services
import Storage

/// `POST /api/v1/health-data/`: the gateway phone app's endpoint, unchanged (reference/gateway-protocol.md).
/// A batch is committed — records plus, with Kafka on, one outbox row per new sample — in one transaction
/// before the answer is sent, so a 200 means durable. A retried batch answers 200 again and adds nothing.
struct GatewayAPIController {
    let database: AppDatabase
    let accounts: AccountService
    let settings: GatewaySettings
    /// Requests per API key (or account, for Basic auth) per minute.
    let limiter: SlidingWindowLimiter
    let metrics: AppMetrics

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        // The router ignores a trailing slash, so this also serves the app's `/api/v1/health-data/`.
        routes.post("health-data", use: ingest)
        return routes
    }

    @Sendable func ingest(request: Request, context: AppRequestContext) async throws -> Response {
        let now = Date()
        let (user, limitKey) = try await authenticate(request, context: context, now: now)
        if case .retryAfter(let seconds) = await limiter.admit(limitKey, now: now) { throw GatewayError.rateLimited(retryAfter: seconds) }

        try APIRequestDecoder.requireJSON(request.headers)
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: settings.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw GatewayError.bodyTooLarge(limit: settings.maxBodyBytes)
        }
        try APIRequestDecoder.refuseDuplicateKeys(in: body)
        let payload: GatewayPayload
        do {
            payload = try APIJSON.makeDecoder().decode(GatewayPayload.self, from: Data(body.readableBytesView))
        } catch {
            throw GatewayError.malformedPayload
        }
        guard payload.samples.count <= settings.maxSamplesPerRequest else {
            throw GatewayError.tooManySamples(limit: settings.maxSamplesPerRequest)
        }

        let userId = try user.savedId
        let (records, samples, rejections) = GatewaySampleMapper(userId: userId, payload: payload, now: now).map()
        let message = settings.kafkaEnabled ? Self.outboxMessage(header: PayloadHeader(payload), samples: samples, userId: userId, now: now) : nil
        let outcomes: [(record: HealthRecord, inserted: Bool)]
        do {
            outcomes = try await database.ingestGatewayBatch(records, outboxLimit: settings.outboxLimit, message: message)
        } catch let full as OutboxFull {
            throw GatewayError.outboxFull(depth: full.depth, limit: settings.outboxLimit)
        }
        let stored = outcomes.filter(\.inserted).count
        metrics.recordsStored(count: stored, source: RecordSource.gateway.rawValue)
        for _ in rejections { metrics.recordsRejected(reason: "gateway_sample") }

        let language = context.language
        let failed = rejections.count
        let synced = records.count
        let answer = GatewayResponse(
            status: failed == 0 ? "success" : "partial",
            requestId: UUID().uuidString.lowercased(),
            timestamp: now,
            samplesReceived: payload.samples.count,
            // The refused samples can never succeed, so a retry would not help: the batch is done either way.
            success: true,
            syncedCount: synced,
            failedCount: failed,
            storedCount: stored,
            duplicateCount: synced - stored,
            message: failed == 0
                ? LocalizedText(ja: "すべてのデータを同期しました", en: "All data synced successfully").text(in: language)
                : LocalizedText(ja: "\(synced) 件を同期、\(failed) 件は無効でした", en: "\(synced) samples synced, \(failed) invalid").text(in: language),
            rejected: rejections.map { .init(index: $0.index, id: $0.sampleId, reason: $0.reason.text(in: language)) }
        )
        return try context.responseEncoder.encode(answer, from: request, context: context)
    }

    /// `X-API-Key` (a personal API token), `Authorization: Basic` (account credentials, rate-limited like the
    /// sign-in form) or a bearer token already checked by the middleware.
    func authenticate(_ request: Request, context: AppRequestContext, now: Date) async throws -> (User, String) {
        if let field = request.headers.first(where: { $0.name.canonicalName == "x-api-key" }) {
            let key = field.value.trimmingCharacters(in: .whitespaces)
            guard let user = try await accounts.user(bearerToken: key, now: now) else { throw APIError.unauthorized }
            return (user, "key:" + SecretToken.hash(key))
        }
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("basic ") {
            guard let decoded = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                  let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
            else { throw APIError.unauthorized }
            let username = String(text[..<colon])
            do {
                let user = try await accounts.signIn(username: username, password: String(text[text.index(after: colon)...]), address: context.clientAddress, now: now)
                return (user, "account:\(try user.savedId)")
            } catch AccountError.invalidCredentials {
                throw APIError.unauthorized
            }
        }
        if let user = context.user, context.session == nil { return (user, "account:\(try user.savedId)") }
        throw APIError.unauthorized
    }

    /// Builds the outbox row for a newly stored record from the sample it came from, exactly as received.
    static func outboxMessage(header: PayloadHeader, samples: [GatewaySample], userId: Int64, now: Date) -> @Sendable (HealthRecord) throws -> OutboxMessage {
        let samplesById = Dictionary(samples.map { ($0.id.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        return { record in
            guard let sample = samplesById[record.externalId ?? ""] else { throw GatewayError.malformedPayload }
            let value = GatewayKafkaMessage(
                deviceId: header.deviceId, userId: header.userId, sample: sample, timestamp: header.timestamp,
                appVersion: header.appVersion, accountId: userId
            )
            return OutboxMessage(
                userId: userId, messageKey: GatewayKafkaMessage.key(accountId: userId, phoneUserId: header.userId),
                payload: try value.encoded(), createdAt: now
            )
        }
    }

    /// The batch-level fields the outbox message repeats, captured without the samples.
    struct PayloadHeader: Sendable {
        let deviceId: String
        let userId: String
        let timestamp: String?
        let appVersion: String?

        init(_ payload: GatewayPayload) {
            deviceId = payload.deviceId
            userId = payload.userId
            timestamp = payload.timestamp
            appVersion = payload.appVersion
        }
    }
}
