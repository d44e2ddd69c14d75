import Foundation
import Health
import Hummingbird
import Services
import Storage
import WaitTimes

/// `/api/v1/wait-alerts` and `/api/v1/inbox`: a signed-in user's wait alerts and inbox — always the caller's own.
/// Registered on the `/api` group (this folder's API lives there), hence the "v1/" in the paths.
struct WaitAlertsAPIController {
    let service: WaitTimeService
    let inboxService: InboxService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("v1/wait-alerts", use: list)
        routes.post("v1/wait-alerts", use: create)
        routes.delete("v1/wait-alerts/{id}", use: delete)
        routes.get("v1/inbox", use: inbox)
        return routes
    }

    struct AlertInput: Decodable {
        var storeId: String
        var maxMinutes: String?
        var from: String?
        var until: String?
        var webhookURL: String?
        var webhookFormat: String?

        enum CodingKeys: String, CodingKey { case storeId, maxMinutes, from, until, webhookURL, webhookFormat }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            storeId = try container.decode(String.self, forKey: .storeId)
            // Minutes may come as a number (JSON) or text; the form's validation reads both the same way.
            if let number = try? container.decodeIfPresent(Int.self, forKey: .maxMinutes) {
                maxMinutes = String(number)
            } else {
                maxMinutes = try container.decodeIfPresent(String.self, forKey: .maxMinutes)
            }
            from = try container.decodeIfPresent(String.self, forKey: .from)
            until = try container.decodeIfPresent(String.self, forKey: .until)
            webhookURL = try container.decodeIfPresent(String.self, forKey: .webhookURL)
            webhookFormat = try container.decodeIfPresent(String.self, forKey: .webhookFormat)
        }
    }

    struct AlertResponse: ResponseEncodable {
        let id: Int64
        let storeId: String
        let maxMinutes: Int
        let day: LocalDay
        let from: String?
        let until: String?
        let webhookURL: String?
        let webhookFormat: String
        let createdAt: Date
        let firedAt: Date?

        init(_ alert: WaitAlert) throws(StoredRowError) {
            id = try alert.savedId
            storeId = alert.storeId
            maxMinutes = alert.maxMinutes
            day = alert.day
            from = alert.fromTime?.description
            until = alert.untilTime?.description
            webhookURL = alert.webhookURL
            webhookFormat = alert.webhookFormat.rawValue
            createdAt = alert.createdAt
            firedAt = alert.firedAt
        }
    }

    struct AlertList: ResponseEncodable {
        let alerts: [AlertResponse]
        let nextCursor: String?
    }

    struct InboxResponse: ResponseEncodable {
        struct Message: Encodable {
            let id: Int64
            let kind: String
            let title: String
            let body: String
            let createdAt: Date
            let readAt: Date?
        }
        let unread: Int
        let messages: [Message]
        let nextCursor: String?
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> AlertList {
        let userId = try context.requireUserId()
        let page = try await service.alerts(userId: userId, page: PageRequest(request.uri.queryParameters, defaultLimit: 100))
        return AlertList(alerts: try page.items.map(AlertResponse.init), nextCursor: page.nextCursor?.token)
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let input = try await request.decode(as: AlertInput.self, context: context)
        let draft = WaitAlertDraft(maxMinutes: input.maxMinutes, from: input.from, until: input.until, webhookURL: input.webhookURL, webhookFormat: input.webhookFormat)
        let saved = try await service.createAlert(draft, storeId: input.storeId, userId: userId, now: context.now)
        var response = try context.responseEncoder.encode(try AlertResponse(saved.alert), from: request, context: context)
        response.status = saved.inserted ? .created : .ok
        return response
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        try await service.deleteAlert(id: id, userId: userId)
        return .noContent
    }

    @Sendable func inbox(request: Request, context: AppRequestContext) async throws -> InboxResponse {
        let userId = try context.requireUserId()
        let page = try await inboxService.messages(userId: userId, page: PageRequest(request.uri.queryParameters, defaultLimit: 100))
        return InboxResponse(
            unread: try await inboxService.unreadCount(userId: userId),
            messages: try page.items.map {
                .init(id: try $0.savedId, kind: $0.kind, title: $0.title.text(in: context.language), body: $0.body.text(in: context.language), createdAt: $0.createdAt, readAt: $0.readAt)
            },
            nextCursor: page.nextCursor?.token
        )
    }
}
