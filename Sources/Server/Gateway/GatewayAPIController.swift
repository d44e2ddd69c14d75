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
    let ingestion: GatewayIngestService
    let accounts: AccountService
    /// Requests per API key (or account, for Basic auth) per minute.
    let limiter: SlidingWindowLimiter
    let metrics: AppMetrics

    var settings: GatewaySettings { ingestion.settings }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        // The router ignores a trailing slash, so this also serves the app's `/api/v1/health-data/`.
        routes.post("health-data", use: ingest)
        return routes
    }

    @Sendable func ingest(request: Request, context: AppRequestContext) async throws -> Response {
        let now = context.now
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
        let outcome = try await ingestion.ingest(Data(body.readableBytesView), userId: try user.savedId, now: now)
        metrics.recordsStored(count: outcome.stored, source: RecordSource.gateway.rawValue)
        for _ in outcome.rejections { metrics.recordsRejected(reason: "gateway_sample") }

        let language = context.language
        let failed = outcome.rejections.count
        let synced = outcome.synced
        let answer = GatewayResponse(
            status: failed == 0 ? "success" : "partial",
            requestId: UUID().uuidString.lowercased(),
            timestamp: now,
            samplesReceived: outcome.received,
            // The refused samples can never succeed, so a retry would not help: the batch is done either way.
            success: true,
            syncedCount: synced,
            failedCount: failed,
            storedCount: outcome.stored,
            duplicateCount: synced - outcome.stored,
            message: failed == 0
                ? LocalizedText(ja: "すべてのデータを同期しました", en: "All data synced successfully").text(in: language)
                : LocalizedText(ja: "\(synced) 件を同期、\(failed) 件は無効でした", en: "\(synced) samples synced, \(failed) invalid").text(in: language),
            rejected: outcome.rejections.map { .init(index: $0.index, id: $0.sampleId, reason: $0.reason.text(in: language)) }
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
}
