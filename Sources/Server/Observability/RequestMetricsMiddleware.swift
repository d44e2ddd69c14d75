import Hummingbird

/// Counts requests and their latency by route pattern (never the raw path: ids would explode the label set).
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let metrics: AppMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request, context)
            metrics.recordRequest(method: request.method.rawValue, route: context.endpointPath ?? "unmatched", status: response.status.code, duration: clock.now - start)
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            metrics.recordRequest(method: request.method.rawValue, route: context.endpointPath ?? "unmatched", status: status, duration: clock.now - start)
            throw error
        }
    }
}
