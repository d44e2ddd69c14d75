import Hummingbird
import Storage

/// `/more`: the phone tab bar's fifth tab — every page that is not Home, Records, Tasks or Workouts, one tap away.
struct MoreWebController {
    let pages: WebRenderer

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("/more", use: page)
        return routes
    }

    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        _ = try context.requireUser()
        var values = pages.base(context, title: WebStrings.table(context.language)["moreTitle"]!, csrf: context.session?.csrfToken)
        values["navMore"] = true
        return pages.render("more", values)
    }
}
