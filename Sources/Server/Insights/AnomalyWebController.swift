import Foundation
import Hummingbird
import Services
import Storage

/// The two buttons beside a flagged value on a metric page and on /insights: "this is right" and "delete it".
/// Both come back to the page they were pressed on; both can be pressed twice without harm.
struct AnomalyWebController {
    let insights: InsightsService

    struct AnomalyForm: Decodable {
        var metric: String?
        var day: String?
        var back: String?
    }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("insights/anomalies/confirm", use: confirm)
        routes.post("insights/anomalies/delete", use: delete)
        return routes
    }

    @Sendable func confirm(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: AnomalyForm.self, context: context)
        try await insights.confirmAnomaly(userId: try user.savedId, metric: form.metric ?? "", day: form.day ?? "", now: context.now)
        return Response.redirect(to: ReturnPath.safe(form.back), type: .found)
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: AnomalyForm.self, context: context)
        try await insights.deleteFlaggedDay(
            userId: try user.savedId, metric: form.metric ?? "", day: form.day ?? "", timeZone: user.resolvedTimeZone, now: context.now
        )
        return Response.redirect(to: ReturnPath.safe(form.back), type: .found)
    }
}
