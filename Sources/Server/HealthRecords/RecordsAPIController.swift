import Foundation
import Health
import Hummingbird
import Logging
import Services
import Storage

/// `/api/v1/records`: create (one or a batch), list, get, update (manual only), delete — always the caller's own.
struct RecordsAPIController {
    let records: HealthRecordService
    let metrics: AppMetrics

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("records", use: create)
        routes.get("records", use: list)
        routes.get("records/{id}", use: show)
        routes.patch("records/{id}", use: update)
        routes.delete("records/{id}", use: delete)
        return routes
    }

    /// Accepts `{...record...}` or `{"records": [...]}`; answers in the same shape.
    enum CreateBody: Decodable {
        case single(RecordInput)
        case batch([RecordInput])

        private enum Keys: String, CodingKey { case records }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            if container.contains(.records) {
                self = .batch(try container.decode([RecordInput].self, forKey: .records))
            } else {
                self = .single(try RecordInput(from: decoder))
            }
        }
    }

    static let maxBatch = 1000

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let body = try await request.decode(as: CreateBody.self, context: context)
        let inputs: [RecordInput]
        switch body {
        case .single(let input): inputs = [input]
        case .batch(let batch): inputs = batch
        }
        guard !inputs.isEmpty, inputs.count <= Self.maxBatch else { throw APIError.invalidParameter("records", expected: .items(1...Self.maxBatch)) }
        let outcomes: [HealthRecordService.Outcome]
        do {
            outcomes = try await context.logger.timed("records.create") {
                try await records.add(inputs, userId: userId, source: .manual, now: context.now)
            }
        } catch let failure as HealthRecordService.BatchError {
            metrics.recordsRejected(reason: failure.error.code)
            if case .single = body { throw APIError(failure.error) }
            throw APIError(
                status: .badRequest, code: failure.error.code,
                message: .init(ja: "records[\(failure.index)]: \(failure.error.message.ja)", en: "records[\(failure.index)]: \(failure.error.message.en)")
            )
        } catch let refusal as IdempotencyKeyReused {
            metrics.recordsRejected(reason: refusal.code)
            throw APIError(refusal)
        }
        let created = outcomes.filter(\.created).count
        metrics.recordsStored(count: created, source: RecordSource.manual.rawValue)
        let responses = try outcomes.map { try RecordResponse($0.record, warnings: $0.warnings, language: context.language) }
        var response: Response
        switch body {
        case .single: response = try context.responseEncoder.encode(responses[0], from: request, context: context)
        case .batch: response = try context.responseEncoder.encode(CreatedRecordsResponse(records: responses), from: request, context: context)
        }
        response.status = created > 0 ? .created : .ok
        return response
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> RecordListResponse {
        let userId = try context.requireUserId()
        let parameters = request.uri.queryParameters
        var query = HealthRecordQuery()
        if let metric = parameters["metric"].map(String.init) {
            guard let known = MetricCatalog.metric(named: metric) else { throw APIError(HealthError.unknownMetric(metric)) }
            query.metric = known.id
        }
        query.source = parameters["source"].map(String.init)
        query.from = try parameters["from"].map { try Self.instant(String($0), name: "from") }
        query.to = try parameters["to"].map { try Self.instant(String($0), name: "to") }
        if let from = query.from, let to = query.to, from > to { throw APIError(ServiceError.reversedRange(start: "from", end: "to")) }
        let page = try PageRequest(parameters, defaultLimit: query.limit)
        query.limit = page.limit
        query.cursor = page.cursor
        let found = try await records.records(userId: userId, query: query)
        return RecordListResponse(
            records: try found.records.map { try RecordResponse($0, language: context.language) },
            nextCursor: found.nextCursor?.token
        )
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> RecordResponse {
        let userId = try context.requireUserId()
        guard let record = try await records.record(id: try Self.id(context), userId: userId) else { throw APIError.notFound }
        return try RecordResponse(record, language: context.language)
    }

    @Sendable func update(request: Request, context: AppRequestContext) async throws -> RecordResponse {
        let userId = try context.requireUserId()
        let id = try Self.id(context)
        let patch = try await request.decode(as: RecordPatch.self, context: context)
        let outcome = try await records.update(id: id, userId: userId, patch: patch, now: context.now)
        return try RecordResponse(outcome.record, warnings: outcome.warnings, language: context.language)
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        let userId = try context.requireUserId()
        guard try await records.delete(id: try Self.id(context), userId: userId, now: context.now) else { throw APIError.notFound }
        return .noContent
    }

    /// A malformed id can't name anything the caller owns: 404, like someone else's id.
    static func id(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        return id
    }

    /// Query instants: full ISO 8601, or a plain date meaning its start in UTC.
    static func instant(_ text: String, name: String) throws(DateInputError) -> Date {
        if let day = LocalDay(text) { return day.start(in: .gmt) }
        do throws(DateInputError) {
            return try Instant.parse(text).date
        } catch {
            throw error.named(name)
        }
    }
}

extension RecordPatch: PatchBody {
    typealias Members = CodingKeys
}
