import Foundation
import Health
import Hummingbird
import Services
import Storage

/// Authenticates the BulkTrack API: a device's access token, or a Kiroku personal API token (so the owner of a
/// web account can use the same API from scripts). Anything else is a 401 in the contract's shape.
struct BulkTrackAuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let devices: DeviceAuthService
    let accounts: AccountService

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("bearer ") else {
            throw DeviceAuthError.unauthorized
        }
        let secret = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
        let now = context.now
        var context = context
        if let user = try await devices.user(accessToken: secret, now: now) {
            context.user = user
        } else if let user = try await accounts.user(bearerToken: secret, address: context.clientAddress, now: now) {
            context.user = user
        } else {
            throw DeviceAuthError.unauthorized
        }
        // The phone app names the language of exercise names in Accept-Language; it wins over the profile.
        context.language = Language.preferred(fromAcceptLanguage: request.headers[.acceptLanguage])
            ?? context.user?.language.flatMap(Language.init(rawValue:)) ?? .ja
        return try await next(request, context)
    }
}
