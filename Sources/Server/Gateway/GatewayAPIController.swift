import Foundation
import Health
import Hummingbird
import NIOCore
import Services
import Storage

/// `POST /api/v1/health-data/`: the gateway phone app's endpoint, unchanged (reference/gateway-protocol.md).
/// What a 200 means depends on the backend: committed to SQLite (`StoringGatewayBackend`) or acknowledged by Kafka
/// (`ForwardingGatewayBackend`, `--gateway-only`). Authentication, limits, language and answers are the same.
struct GatewayAPIController<Backend: GatewayBackend> {
    let backend: Backend
    /// Requests per API key (or account, for Basic auth) per minute.
    let limiter: SlidingWindowLimiter
    let metrics: AppMetrics

    var settings: GatewaySettings { backend.settings }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        // The router ignores a trailing slash, so this also serves the app's `/api/v1/health-data/`.
        routes.post("health-data", use: ingest)
        return routes
    }

    /// Answers in the phone's language: ja, en or ko from `Accept-Language` (any other language gets English),
    /// the account's language when the app sends none. Refusals are rendered here so they can speak Korean.
    @Sendable func ingest(request: Request, context: AppRequestContext) async throws -> Response {
        let language = GatewayLanguage.resolve(acceptLanguage: request.headers[.acceptLanguage], fallback: context.language)
        do {
            return try await store(request: request, context: context, language: language)
        } catch let error as GatewayError {
            return Self.respond(APIError(error), text: error.gatewayMessage, language: language)
        } catch let error as APIError {
            return Self.respond(error, text: GatewayText(error.message, ko: GatewayText.korean(forCode: error.code)), language: language)
        } catch let error as any DomainError {
            return Self.respond(APIError(error), text: GatewayText(error.message, ko: GatewayText.korean(forCode: error.code)), language: language)
        }
    }

    /// `{"error": {"code", "message"}}` like every API error, with the message in the gateway's language.
    static func respond(_ error: APIError, text: GatewayText, language: GatewayLanguage) -> Response {
        let data = (try? APIJSON.makeEncoder().encode(GatewayErrorBody(error: .init(code: error.code, message: text.text(in: language))))) ?? Data()
        var headers = error.headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.contentLanguage] = language.rawValue
        return Response(status: error.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    func store(request: Request, context: AppRequestContext, language: GatewayLanguage) async throws -> Response {
        let now = context.now
        let (caller, limitKey) = try await backend.authenticate(request, context: context, now: now)
        if case .retryAfter(let seconds) = limiter.admit(limitKey, now: now) { throw GatewayError.rateLimited(retryAfter: seconds) }

        try APIRequestDecoder.requireJSON(request.headers)
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: settings.maxBodyBytes)
        } catch is NIOTooManyBytesError {
            throw GatewayError.bodyTooLarge(limit: settings.maxBodyBytes)
        }
        try APIRequestDecoder.refuseDuplicateKeys(in: body)
        let outcome = try await backend.ingest(Data(body.readableBytesView), from: caller, now: now)
        metrics.recordsStored(count: outcome.stored, source: RecordSource.gateway.rawValue)
        for _ in outcome.rejections { metrics.recordsRejected(reason: "gateway_sample") }

        let failed = outcome.rejections.count
        let synced = outcome.synced
        // The app marks a batch synced when `success` is true, so it is true only when every sample was stored
        // now or before; a partial or failed batch says `success: false` and the app keeps its samples queued.
        let status = failed == 0 ? "success" : synced == 0 ? "failed" : "partial"
        let kept = outcome.keptRaw.count
        let message: GatewayText = failed == 0
            ? (kept == 0
                ? GatewayText(ja: "すべてのデータを同期しました", en: "All data synced successfully", ko: "모든 데이터를 동기화했습니다")
                : GatewayText(
                    ja: "すべてのデータを同期しました（\(kept) 件は単位が不明のため送られたまま保存）",
                    en: "All data synced successfully (\(kept) kept as sent: unit not known)",
                    ko: "모든 데이터를 동기화했습니다 (\(kept) 건은 단위를 알 수 없어 받은 그대로 저장)"
                ))
            : GatewayText(
                ja: "\(synced) 件を同期、\(failed) 件は無効でした", en: "\(synced) samples synced, \(failed) invalid",
                ko: "\(synced) 건 동기화, \(failed) 건은 유효하지 않습니다"
            )
        let answer = GatewayResponse(
            status: status,
            requestId: UUID().uuidString.lowercased(),
            timestamp: Instant(now).iso8601WholeSeconds,
            samplesReceived: outcome.received,
            success: failed == 0,
            syncedCount: synced,
            failedCount: failed,
            storedCount: outcome.stored,
            duplicateCount: synced - outcome.stored,
            message: message.text(in: language),
            rejected: outcome.rejections.map { .init(index: $0.index, id: $0.sampleId, reason: $0.reason.text(in: language)) },
            keptRawCount: kept,
            keptRaw: outcome.keptRaw.map { .init(index: $0.index, id: $0.sampleId, reason: $0.reason.text(in: language)) }
        )
        var response = try context.responseEncoder.encode(answer, from: request, context: context)
        response.headers[.contentLanguage] = language.rawValue
        return response
    }
}

/// The API's error shape, `{"error": {"code", "message"}}`.
private struct GatewayErrorBody: Encodable {
    struct Detail: Encodable {
        let code: String
        let message: String
    }
    let error: Detail
}
