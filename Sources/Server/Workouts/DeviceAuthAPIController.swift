import APIModels
import Foundation
import Hummingbird
import Services

/// `/v1/auth/*` of the BulkTrack contract: device onboarding, Sign in with Apple, token refresh with rotation, logout.
struct DeviceAuthAPIController {
    let devices: DeviceAuthService
    let apple: AppleSignInService

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("auth/device", use: device)
        routes.post("auth/apple", use: signInWithApple)
        routes.post("auth/refresh", use: refresh)
        routes.post("auth/logout", use: logout)
        return routes
    }

    @Sendable func device(request: Request, context: AppRequestContext) async throws -> BulkTrackTokens {
        BulkTrackTokens(try await devices.authenticate(deviceId: request.headers[.init("X-Device-Id")!], address: context.clientAddress, now: context.now))
    }

    @Sendable func signInWithApple(request: Request, context: AppRequestContext) async throws -> BulkTrackTokens {
        let body = try await request.decode(as: BulkTrackAppleBody.self, context: context)
        return BulkTrackTokens(try await apple.signIn(identityToken: body.identityToken, address: context.clientAddress, now: context.now))
    }

    @Sendable func refresh(request: Request, context: AppRequestContext) async throws -> BulkTrackTokens {
        let body = try await request.decode(as: BulkTrackRefreshBody.self, context: context)
        return BulkTrackTokens(try await devices.refresh(refreshToken: body.refreshToken, now: context.now))
    }

    @Sendable func logout(request: Request, context: AppRequestContext) async throws -> HTTPResponse.Status {
        let body = try await request.decode(as: BulkTrackRefreshBody.self, context: context)
        try await devices.logout(refreshToken: body.refreshToken, now: context.now)
        return .noContent
    }
}

extension BulkTrackTokens: ResponseEncodable {
    init(_ tokens: DeviceAuthService.Tokens) {
        self.init(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresIn: tokens.expiresIn)
    }
}
