import Hummingbird

/// `GET /health`: the probe the gateway phone app uses to test a connection. Its answer is fixed by that app.
struct HealthCheckController {
    struct Status: ResponseEncodable {
        let status: String
        let message: String
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("health") { _, _ in
            Status(status: "ok", message: "Gateway is running")
        }
    }
}
