import Hummingbird
import Logging
import Services

/// One log line per request: method, route pattern (never the raw path or query, which can carry
/// personal data), status and duration with the design's speed class.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        var status = 500
        defer {
            let seconds = (clock.now - start).inSeconds
            context.logger.info("request", metadata: [
                "method": "\(request.method.rawValue)",
                "route": "\(context.endpointPath ?? "unmatched")",
                "status": "\(status)",
                "duration_ms": "\(Int((seconds * 1000).rounded()))",
                "speed": "\(OperationSpeed(seconds: seconds).rawValue)",
            ])
        }
        do {
            let response = try await next(request, context)
            status = response.status.code
            return response
        } catch let error as any HTTPResponseError {
            status = error.status.code
            throw error
        }
    }
}
