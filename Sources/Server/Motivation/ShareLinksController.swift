import Charts
import Foundation
import Health
import Hummingbird
import Motivation
import Services
import Storage

/// Revocable public links to the share card. `/api/v1/share-links` makes (the address is shown once), lists and
/// revokes them; the `/share` page does the same with forms; `/s/{token}` is the public Open Graph page and
/// `/s/{token}/card.png` its image, drawn now with the choices saved in the link. Unknown or revoked: 404.
struct ShareLinksController {
    let motivation: MotivationService
    let pages: WebRenderer
    let csrf: CSRFProtection
    let metrics: AppMetrics
    /// Where links point (Open Graph wants absolute addresses).
    let address: PublicAddress

    var apiEndpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("share-links", use: list)
        routes.post("share-links", use: create)
        routes.delete("share-links/{id}", use: revoke)
        return routes
    }

    var webEndpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("share/links", use: createFromPage)
        routes.post("share/links/{id}/revoke", use: revokeFromPage)
        return routes
    }

    var publicEndpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("s/{token}", use: openGraphPage)
        routes.get("s/{token}/card.png", use: cardImage)
        return routes
    }

    // MARK: API

    struct CreateInput: Decodable {
        var layout: String?
        var weight: Bool?
        var bmi: Bool?
        var name: Bool?
        var dates: Bool?
    }

    struct LinkResponse: ResponseEncodable, Decodable {
        let id: Int64
        let layout: String
        let language: String
        let weight: Bool
        let bmi: Bool
        let name: Bool
        let dates: Bool
        let createdAt: Date
        /// Only in the answer to the POST that made it: the token is not kept, so it cannot be shown again.
        let url: String?

        init(_ row: ShareLinkRow, url: String? = nil) {
            id = row.id ?? 0
            layout = row.layout
            language = row.language
            weight = row.showsWeight
            bmi = row.showsBMI
            name = row.showsName
            dates = row.showsDates
            createdAt = row.createdAt
            self.url = url
        }
    }

    struct LinkListResponse: ResponseEncodable, Decodable {
        let links: [LinkResponse]
    }

    @Sendable func list(request: Request, context: AppRequestContext) async throws -> LinkListResponse {
        LinkListResponse(links: try await motivation.shareLinks(userId: try context.requireUserId()).map { LinkResponse($0) })
    }

    @Sendable func create(request: Request, context: AppRequestContext) async throws -> EditedResponse<LinkResponse> {
        let input = try await request.decode(as: CreateInput.self, context: context)
        let privacy = SharePrivacy(showsWeight: input.weight ?? false, showsBMI: input.bmi ?? false, showsName: input.name ?? false, showsDates: input.dates ?? false)
        let made = try await motivation.createShareLink(
            userId: try context.requireUserId(), layout: input.layout ?? "portrait", privacy: privacy, language: context.language, now: context.now
        )
        return EditedResponse(status: .created, response: LinkResponse(made.row, url: absolute(made.path, request: request)))
    }

    @Sendable func revoke(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        try await motivation.revokeShareLink(id: id, userId: try context.requireUserId())
        return .noContent
    }

    // MARK: The /share page's forms

    struct LinkForm: PostedForm {
        var layout: String?
        var weight: String?
        var bmi: String?
        var name: String?
        var dates: String?
        var csrf: String?
    }

    struct PlainForm: PostedForm {
        var csrf: String?
    }

    /// Makes a link and shows the `/share` page with its address, once.
    @Sendable func createFromPage(request: Request, context: AppRequestContext) async throws -> Response {
        let form = try await request.decodeForm(as: LinkForm.self, context: context)
        let privacy = SharePrivacy(showsWeight: form.weight == "1", showsBMI: form.bmi == "1", showsName: form.name == "1", showsDates: form.dates == "1")
        let made = try await motivation.createShareLink(
            userId: try context.requireUserId(), layout: form.layout == "landscape" ? "landscape" : "portrait", privacy: privacy,
            language: context.language, now: context.now
        )
        return try await MotivationWebController(motivation: motivation, pages: pages, csrf: csrf)
            .sharePage(request: request, context: context, newLinkURL: absolute(made.path, request: request))
    }

    @Sendable func revokeFromPage(request: Request, context: AppRequestContext) async throws -> Response {
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        try await motivation.revokeShareLink(id: id, userId: try context.requireUserId())
        return .redirect(to: "/share")
    }

    /// The /share page's list of live links, with what each shows.
    static func linkValues(_ rows: [ShareLinkRow], strings: [String: String], timeZone: TimeZone) -> [[String: Any]] {
        rows.map { row in
            let shown = [(row.showsWeight, "moShareWeight"), (row.showsBMI, "moShareBMI"), (row.showsName, "moShareName"), (row.showsDates, "moShareDates")]
                .filter(\.0).compactMap { strings[$0.1] }
            return [
                "id": row.id ?? 0,
                "created": LocalDay(row.createdAt, in: timeZone).description,
                "layout": strings[row.layout == "landscape" ? "moShareLandscape" : "moSharePortrait"] ?? row.layout,
                "shows": shown.isEmpty ? (strings["moShareLinkNothingPersonal"] ?? "") : shown.joined(separator: " / "),
            ]
        }
    }

    // MARK: Public

    @Sendable func openGraphPage(request: Request, context: AppRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard let shared = try await motivation.sharedCard(token: token, now: context.now) else { throw APIError.notFound }
        let language = Language(rawValue: shared.link.language) ?? .ja
        let strings = WebStrings.table(language)
        let size = (ShareCardSVG.Layout(rawValue: shared.link.layout) ?? .portrait).size
        // Only what the card itself shows: its lines (already filtered by the saved choices) and the message.
        let description = shared.card.lines.filter { $0 != shared.card.encouragement }.joined(separator: " · ")
        let values: [String: Any] = [
            "lang": language.rawValue,
            "t": strings,
            "title": strings["moShareLinkTitle"] ?? "Kiroku",
            "description": description.isEmpty ? shared.card.encouragement : "\(shared.card.encouragement) \(description)",
            "image": absolute("/s/\(token)/card.png", request: request),
            "url": absolute("/s/\(token)", request: request),
            "width": size.width,
            "height": size.height,
            "lines": shared.card.lines,
        ]
        var response = pages.render("shared-card", values)
        // Not kept by any cache: a revoked link stops at once, and the addresses here follow the request's host.
        response.headers[.cacheControl] = "no-store"
        response.headers[.init("Referrer-Policy")!] = "no-referrer"
        response.headers[.init("X-Robots-Tag")!] = "noindex"
        return response
    }

    @Sendable func cardImage(request: Request, context: AppRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard let shared = try await motivation.sharedCard(token: token, now: context.now) else { throw APIError.notFound }
        let layout = ShareCardSVG.Layout(rawValue: shared.link.layout) ?? .portrait
        let png = try await ShareCardImage.png(
            shared.card, layout: layout, language: Language(rawValue: shared.link.language) ?? .ja, userId: shared.link.userId,
            scope: .link(id: shared.link.id ?? 0), motivation: motivation, metrics: metrics, now: context.now
        )
        return Response(
            status: .ok,
            headers: [
                .contentType: "image/png", .cacheControl: "no-store", .init("Referrer-Policy")!: "no-referrer",
                .init("X-Robots-Tag")!: "noindex",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: png))
        )
    }

    /// `path` as an absolute address (Open Graph wants absolute image addresses).
    func absolute(_ path: String, request: Request) -> String {
        address.absolute(path, request: request)
    }
}
