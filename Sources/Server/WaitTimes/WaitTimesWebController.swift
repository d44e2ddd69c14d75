import Foundation
import Health
import Hummingbird
import Services
import Storage
import WaitTimes
import Webhooks

/// `/sawayaka` (every store with its live wait, search and filters), `/sawayaka/{id}` (detail, week's hours, heat map,
/// best time, alert form), `/inbox`. Public pages except alerts and the inbox; all work without JavaScript.
struct WaitTimesWebController {
    let service: WaitTimeService
    let inboxService: InboxService
    let pages: WebRenderer
    let csrf: CSRFProtection

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("sawayaka/{id}/alerts", use: subscribe)
        routes.post("sawayaka/{id}/alerts/{alert}/delete", use: unsubscribe)
        routes.get("inbox", use: inbox)
        routes.post("inbox/read", use: markRead)
        return routes
    }

    /// Pages anyone may open: mounted behind the CSRF guard only.
    var publicEndpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("sawayaka", use: list)
        routes.get("sawayaka/{id}", use: detail)
        return routes
    }

    func base(_ request: Request, _ context: AppRequestContext, title: String, presenter: WaitTimesPresenter) -> [String: Any] {
        var values = pages.base(context, title: title, csrf: csrf.token(for: request, context: context).token)
        values["navSawayaka"] = true
        return values
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> Response {
        let now = service.now()
        let presenter = WaitTimesPresenter(language: context.language, now: now)
        let parameters = request.uri.queryParameters
        // The page's form sends "max=30" and "open=1"; invalid values are ignored rather than failing a shared link.
        var filter = StoreFilter()
        filter.maxWaitTime = parameters["max"].flatMap { Int(String($0)) }.flatMap { (0...WaitObservation.maxMinutes).contains($0) ? $0 : nil }
        filter.openOnly = parameters["open"] == "1"
        filter.region = parameters["region"].flatMap { Region(matching: String($0)) }
        filter.query = parameters["q"].map(String.init) ?? ""
        if let lat = parameters["lat"].flatMap({ Double(String($0)) }), let lon = parameters["lon"].flatMap({ Double(String($0)) }) {
            let point = Coordinate(latitude: lat, longitude: lon)
            if point.isValid { filter.near = point }
        }
        // Without JavaScript or a location, "nearest first" measures from a store the person picks.
        var origin: Store?
        if filter.near == nil, let from = parameters["from"].map(String.init) {
            origin = try await service.snapshot(id: from, now: now)?.store
            if let point = origin?.coordinate { filter.near = point } else { origin = nil }
        }
        let all = try await service.snapshots(now: now, near: filter.near)
        let shown = filter.apply(to: all)
        var values = base(request, context, title: presenter.strings["waitTitle"]!, presenter: presenter)
        values["stores"] = shown.map(presenter.row)
        values["map"] = presenter.map(shown)
        values["count"] = shown.count
        values["total"] = all.count
        values["filtered"] = !filter.isEmpty
        values["updatedAt"] = presenter.time(now)
        values["q"] = filter.query
        values["max30"] = filter.maxWaitTime == 30
        values["openOnly"] = filter.openOnly
        values["nearest"] = filter.near != nil
        if let origin { values["nearFrom"] = origin.displayName }
        values["origins"] = all.map(\.store).filter { $0.coordinate != nil }.sorted { $0.id < $1.id }
            .map { ["id": $0.id, "name": $0.displayName] }
        if let region = filter.region { values["regionId"] = region.rawValue }
        values["regions"] = Region.allCases.map { ["id": $0.rawValue, "name": $0.name.text(in: context.language), "selected": $0 == filter.region] }
        var byWait = request.uri.queryParameters.filter { $0.key != "lat" && $0.key != "lon" && $0.key != "from" }.map { "\($0.key)=\(Self.encode(String($0.value)))" }
        byWait.sort()
        values["byWaitLink"] = "/sawayaka" + (byWait.isEmpty ? "" : "?" + byWait.joined(separator: "&"))
        values["selfLink"] = request.uri.description
        return pages.render("sawayaka", values)
    }

    @Sendable func detail(request: Request, context: AppRequestContext) async throws -> Response {
        try await detailPage(request: request, context: context)
    }

    /// The store page; after a refused alert form it shows the reason and what was typed.
    func detailPage(request: Request, context: AppRequestContext, form: AlertForm? = nil, error: String? = nil) async throws -> Response {
        let now = service.now()
        guard let id = context.parameters.get("id"), let snapshot = try await service.snapshot(id: id, now: now) else { throw APIError.notFound }
        let presenter = WaitTimesPresenter(language: context.language, now: now)
        let store = snapshot.store
        var values = base(request, context, title: store.displayName, presenter: presenter)
        values["store"] = presenter.row(snapshot)
        values["facility"] = store.facility ?? ""
        let address = [store.postalCode.map { "〒" + $0 }, store.address ?? store.facility].compactMap { $0 }.joined(separator: " ")
        if !address.isEmpty { values["address"] = address }
        if let query = store.coordinate.map({ "\($0.latitude),\($0.longitude)" }) ?? store.address.map({ "\(store.municipality) \($0)" }) {
            values["mapLink"] = "https://www.google.com/maps/search/?api=1&query=" + Self.encode(query)
        }
        if let phone = store.phone {
            values["phone"] = phone
            values["telLink"] = "tel:" + phone.filter(\.isNumber)
        }
        values["followsFacility"] = store.hoursRule.followsFacility
        values["week"] = presenter.week(store)
        let history = try await service.history(storeId: store.id, now: now)
        values["heatMap"] = presenter.heatMap(history)
        // The forecast for the asked date, else today — or the next opening day once today's service is over.
        var day = LocalDay(now, in: WaitTimeService.timeZone)
        if let asked = request.uri.queryParameters["date"].flatMap({ LocalDay(String($0)) }) {
            day = asked
        } else if snapshot.opening.state == .closed, let next = snapshot.opening.nextOpening {
            day = LocalDay(next, in: WaitTimeService.timeZone)
        }
        values["forecast"] = presenter.forecast(WaitForecast(store: store, day: day, history: history, timeZone: WaitTimeService.timeZone))
        if let userId = context.user?.id {
            let alerts = try await service.alerts(userId: userId, storeId: store.id)
            values["alerts"] = try alerts.map { alert -> [String: Any] in
                [
                    "id": try alert.savedId,
                    "summary": Self.alertSummary(alert, language: context.language),
                    "fired": alert.firedAt != nil,
                ]
            }
            values["hasAlerts"] = !alerts.isEmpty
            values["unread"] = try await inboxService.unreadCount(userId: userId)
        }
        if let notice = request.uri.queryParameters["notice"] {
            values["notice"] = ["saved": presenter.strings["waitAlertSaved"]!, "deleted": presenter.strings["waitAlertDeleted"]!][String(notice)]
        }
        values["alertForm"] = ["maxMinutes": form?.maxMinutes ?? "30", "from": form?.from ?? "", "until": form?.until ?? "", "webhookURL": form?.webhookURL ?? ""]
        if let error { values["error"] = error }
        return pages.render("sawayaka-store", values, status: error == nil ? .ok : .badRequest)
    }

    static func alertSummary(_ alert: WaitAlert, language: Language) -> String {
        let range = alert.fromTime == nil && alert.untilTime == nil ? "" : " " + (alert.fromTime?.description ?? "") + "–" + (alert.untilTime?.description ?? "")
        return language == .ja
            ? "\(alert.day.month)/\(alert.day.day)\(range) \(alert.maxMinutes)分以下"
            : "\(alert.day.month)/\(alert.day.day)\(range) ≤ \(alert.maxMinutes) min"
    }

    struct AlertForm: Decodable {
        var maxMinutes: String?
        var from: String?
        var until: String?
        var webhookURL: String?
        var webhookFormat: String?
        var csrf: String?
    }

    @Sendable func subscribe(request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        let userId = try context.requireUserId()
        let form = try await request.decodeForm(as: AlertForm.self, context: context)
        guard try await service.storeExists(id: id) else { throw APIError.notFound }
        let draft = WaitAlertDraft(maxMinutes: form.maxMinutes, from: form.from, until: form.until, webhookURL: form.webhookURL, webhookFormat: form.webhookFormat)
        do {
            _ = try await service.createAlert(draft, storeId: id, userId: userId, now: context.now)
        } catch let error as any DomainError {
            return try await detailPage(request: request, context: context, form: form, error: error.message.text(in: context.language))
        }
        return .redirect(to: "/sawayaka/\(id)?notice=saved")
    }

    @Sendable func unsubscribe(request: Request, context: AppRequestContext) async throws -> Response {
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        let userId = try context.requireUserId()
        guard let alertId = context.parameters.get("alert", as: Int64.self) else { throw APIError.notFound }
        try await service.deleteAlert(id: alertId, userId: userId)
        return .redirect(to: "/sawayaka/\(id)?notice=deleted")
    }

    @Sendable func inbox(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let userId = try user.savedId
        let presenter = WaitTimesPresenter(language: context.language, now: service.now())
        var values = base(request, context, title: presenter.strings["waitInbox"]!, presenter: presenter)
        values["navSawayaka"] = false
        values["navInbox"] = true
        let messages = try await inboxService.messages(userId: userId, page: PageRequest(request.uri.queryParameters, defaultLimit: 50))
        if let next = messages.nextCursor?.token { values["nextCursor"] = next }
        values["hasMessages"] = !messages.items.isEmpty
        values["messages"] = messages.items.map { message -> [String: Any] in
            [
                "title": message.title.text(in: context.language),
                "body": message.body.text(in: context.language),
                "when": WebFormatting.dateTime(message.createdAt, timeZone: user.resolvedTimeZone),
                "unread": message.readAt == nil,
            ]
        }
        return pages.render("inbox", values)
    }

    @Sendable func markRead(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        try await inboxService.markAllRead(userId: userId, now: context.now)
        return .redirect(to: "/inbox")
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
