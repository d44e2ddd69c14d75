import Hummingbird

/// `GET /health`: the probe the gateway phone app uses to test a connection. Its answer is fixed by that app.
struct HealthCheckController {
    struct Status: ResponseEncodable {
        let status: String
        let message: String
    }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("health") { _, _ in
            Status(status: "ok", message: "Gateway is running")
        }
        return routes
    }
}
