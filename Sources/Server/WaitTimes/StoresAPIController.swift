import APIModels
import Crypto
import Foundation
import Health
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Services
import Storage
import WaitTimes

/// `/api/stores`: the design's public wait-time API (no login, ETag so phones can poll cheaply), the forecast, and the
/// operator feed (`PUT …/waittime`, one store or a batch) authenticated with an `X-Operator-Token`.
struct StoresAPIController {
    let service: WaitTimeService

    static let operatorHeader = HTTPField.Name("X-Operator-Token")!

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("stores", use: list)
        routes.put("stores/waittimes", use: putBatch)
        routes.get("stores/{id}", use: show)
        routes.get("stores/{id}/waittime", use: waitTime)
        routes.put("stores/{id}/waittime", use: putWaitTime)
        routes.get("stores/{id}/forecast", use: forecast)
        return routes
    }

    // MARK: Public reads

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let filter = try Self.filter(request.uri.queryParameters)
        let now = service.now()
        let snapshots = filter.apply(to: try await service.snapshots(now: now, near: filter.near))
        let today = LocalDay(now, in: WaitTimeService.timeZone)
        return try Self.cacheable(snapshots.map { StoreBody($0, today: today) }, request: request)
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        let now = service.now()
        let snapshot = try await snapshot(context, now: now)
        return try Self.cacheable(StoreBody(snapshot, today: LocalDay(now, in: WaitTimeService.timeZone)), request: request)
    }

    @Sendable func waitTime(request: Request, context: AppRequestContext) async throws -> Response {
        try Self.cacheable(WaitTime(try await snapshot(context, now: service.now()).wait), request: request)
    }

    @Sendable func forecast(request: Request, context: AppRequestContext) async throws -> Response {
        let now = service.now()
        let snapshot = try await snapshot(context, now: now)
        var day = LocalDay(now, in: WaitTimeService.timeZone)
        if let text = request.uri.queryParameters["date"] {
            guard let parsed = LocalDay(String(text)) else { throw APIError(ServiceError.invalidDate("date", text: String(text))) }
            day = parsed
        }
        let forecast = try await service.forecast(store: snapshot.store, day: day, now: now)
        return try Self.cacheable(ForecastResponse(storeId: snapshot.store.id, forecast: forecast, now: LocalInstant(now, in: WaitTimeService.timeZone)), request: request)
    }

    func snapshot(_ context: AppRequestContext, now: Date) async throws -> StoreSnapshot {
        guard let id = context.parameters.get("id"), let snapshot = try await service.snapshot(id: id, now: now) else {
            throw APIError.notFound
        }
        return snapshot
    }

    // MARK: Operator feed

    /// One reading. `status` defaults to "available" when minutes are given, else "unavailable"; `observedAt` to now.
    /// Sending the same `observedAt` again changes nothing, so a retry is safe.
    struct ObservationInput: Decodable {
        var storeId: String?
        var minutes: Int?
        var groups: Int?
        var status: WaitObservation.Status?
        var observedAt: Date?

        func observation(storeId: String, now: Date) -> WaitObservation {
            WaitObservation(
                storeId: storeId, observedAt: observedAt ?? now, minutes: minutes, groups: groups,
                status: status ?? (minutes == nil ? .unavailable : .available), source: "operator"
            )
        }
    }

    struct BatchInput: Decodable {
        var observations: [ObservationInput]
    }

    /// Readings one batch may carry.
    static let batchSize = 1...500

    struct StoredResponse: ResponseEncodable {
        let stored: Int
        let alertsFired: Int
    }

    @Sendable func putWaitTime(request: Request, context: AppRequestContext) async throws -> Response {
        try await requireOperator(request)
        guard let id = context.parameters.get("id"), try await service.store(id: id) != nil else { throw APIError.notFound }
        let input = try await request.decode(as: ObservationInput.self, context: context)
        let now = service.now()
        let observation = input.observation(storeId: id, now: now)
        try await record([observation], now: now, context: context)
        let snapshot = try await self.snapshot(context, now: now)
        return try context.responseEncoder.encode(WaitTime(snapshot.wait), from: request, context: context)
    }

    @Sendable func putBatch(request: Request, context: AppRequestContext) async throws -> StoredResponse {
        try await requireOperator(request)
        let input = try await request.decode(as: BatchInput.self, context: context)
        guard Self.batchSize.contains(input.observations.count) else { throw APIError.invalidParameter("observations", expected: .items(Self.batchSize)) }
        let known = Set(try await service.stores().map(\.id))
        let now = service.now()
        var observations: [WaitObservation] = []
        for (index, item) in input.observations.enumerated() {
            guard let storeId = item.storeId, known.contains(storeId) else {
                throw APIError(
                    status: .badRequest, code: "unknown_store",
                    message: .init(ja: "observations[\(index)]: 店舗 ID「\(item.storeId ?? "")」は存在しません。", en: "observations[\(index)]: no store with id “\(item.storeId ?? "")”.")
                )
            }
            observations.append(item.observation(storeId: storeId, now: now))
        }
        let result = try await record(observations, now: now, context: context)
        return StoredResponse(stored: result.inserted, alertsFired: result.fired.count)
    }

    @discardableResult
    func record(_ observations: [WaitObservation], now: Date, context: AppRequestContext) async throws -> (inserted: Int, fired: [FiredAlert]) {
        try await service.record(observations, now: now, logger: context.logger)
    }

    func requireOperator(_ request: Request) async throws {
        guard let secret = request.headers[Self.operatorHeader]?.trimmingCharacters(in: .whitespaces), !secret.isEmpty,
              try await service.acceptsOperatorToken(secret)
        else { throw APIError.operatorTokenRequired }
    }

    // MARK: Query and caching

    static func filter(_ parameters: FlatDictionary<Substring, Substring>) throws -> StoreFilter {
        var filter = StoreFilter()
        // Empty is refused too: the document says an integer (the web page's own form reads its own field).
        if let text = parameters["maxWaitTime"] {
            guard let value = Int(text), (0...WaitObservation.maxMinutes).contains(value) else {
                throw APIError.invalidParameter("maxWaitTime", expected: .integer(0...WaitObservation.maxMinutes))
            }
            filter.maxWaitTime = value
        }
        if let text = parameters["openOnly"] {
            guard let value = ["true": true, "1": true, "false": false, "0": false][String(text).lowercased()] else {
                throw APIError.invalidParameter("openOnly", expected: .oneOf(["true", "false", "1", "0"]))
            }
            filter.openOnly = value
        }
        if let text = parameters["region"], !text.isEmpty {
            guard let region = Region(matching: String(text)) else { throw APIError.invalidParameter("region", expected: .oneOf(Region.self)) }
            filter.region = region
        }
        filter.query = parameters["q"].map(String.init) ?? ""
        let lat = parameters["lat"].map(String.init), lon = parameters["lon"].map(String.init)
        if lat != nil || lon != nil {
            // Each coordinate is refused by name with its own range; lat and lon come together or not at all.
            guard let lat, let latitude = Double(lat), (-90...90).contains(latitude) else {
                throw APIError.invalidParameter("lat", expected: .number(-90...90))
            }
            guard let lon, let longitude = Double(lon), (-180...180).contains(longitude) else {
                throw APIError.invalidParameter("lon", expected: .number(-180...180))
            }
            let point = Coordinate(latitude: latitude, longitude: longitude)
            filter.near = point
        }
        return filter
    }

    /// JSON with a strong ETag of its bytes; `If-None-Match` with the same tag answers 304 with no body. Public data:
    /// shared caches may keep it but must revalidate, because a wait is only as good as its freshness.
    static func cacheable(_ value: some Encodable, request: Request) throws -> Response {
        let data = try APIJSON.makeEncoder().encode(value)
        let tag = "\"" + HexDigits.lowercase(SHA256.hash(data: data).prefix(12)) + "\""
        var headers: HTTPFields = [.eTag: tag, .cacheControl: "public, no-cache", .contentType: "application/json; charset=utf-8"]
        if let match = request.headers[.ifNoneMatch], match.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag || $0 == "*" }) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension APIError {
    static let operatorTokenRequired = APIError(
        status: .unauthorized, code: "operator_token_required",
        message: .init(ja: "運用者トークン（X-Operator-Token）が必要です。", en: "An operator token (X-Operator-Token) is required.")
    )
}
