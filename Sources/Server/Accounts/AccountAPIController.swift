import Foundation
import Health
import Hummingbird
import Logging
import Services
import Storage

/// `/api/v1/me`, `/api/v1/tokens`, `/api/v1/export`: the caller's account, its tokens and its data.
struct AccountAPIController {
    let accounts: AccountService
    let exporter: DataExporter

    struct TokenResponse: ResponseEncodable {
        let id: Int64
        let name: String
        let prefix: String
        let createdAt: Date
        let lastUsedAt: Date?
        /// The client address of the last use.
        let lastAddress: String?
        /// Present only in the answer that creates the token.
        let token: String?

        init(_ token: APIToken, secret: String? = nil) throws(StoredRowError) {
            id = try token.savedId
            name = token.name
            prefix = token.prefix
            createdAt = token.createdAt
            lastUsedAt = token.lastUsedAt
            lastAddress = token.lastAddress
            self.token = secret
        }
    }

    struct TokenList: ResponseEncodable {
        let tokens: [TokenResponse]
    }

    struct NewToken: Decodable {
        let name: String
    }

    struct DeleteAccount: Decodable {
        let password: String
    }

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("me") { _, context -> AccountProfile in
            _ = try context.requireUserId()
            return AccountProfile(try context.requireUser())
        }
        routes.patch("me") { request, context -> AccountProfile in
            _ = try context.requireUserId()
            let update = try await request.decode(as: ProfileUpdate.self, context: context)
            return AccountProfile(try await accounts.updateProfile(try context.requireUser(), with: update, now: context.now))
        }
        routes.delete("me") { request, context -> HTTPResponse.Status in
            _ = try context.requireUserId()
            let body = try await request.decode(as: DeleteAccount.self, context: context)
            try await accounts.deleteAccount(try context.requireUser(), password: body.password, address: context.clientAddress, now: context.now)
            return .noContent
        }
        routes.get("tokens") { _, context -> TokenList in
            let userId = try context.requireUserId()
            return TokenList(tokens: try await accounts.tokens(userId: userId).map { try TokenResponse($0) })
        }
        routes.post("tokens") { request, context -> EditedResponse<TokenResponse> in
            let userId = try context.requireUserId()
            let body = try await request.decode(as: NewToken.self, context: context)
            let (secret, token) = try await accounts.createToken(for: userId, name: body.name, now: context.now)
            return EditedResponse(status: .created, response: try TokenResponse(token, secret: secret))
        }
        routes.delete("tokens/{id}") { _, context -> HTTPResponse.Status in
            let userId = try context.requireUserId()
            guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
            try await accounts.revokeToken(id: id, userId: userId)
            return .noContent
        }
        routes.get("export") { request, context -> Response in
            let userId = try context.requireUserId()
            let format = request.uri.queryParameters["format"].map(String.init) ?? "json"
            // `bom` is checked whatever the format, so a mistyped value is never quietly ignored.
            _ = try ExportResponse.byteOrderMark(request)
            switch format {
            case "csv":
                let timeZone = try context.requireUser().resolvedTimeZone
                return try ExportResponse.recordsCSV(exporter, userId: userId, timeZone: timeZone, request: request, logger: context.logger)
            case "json": return ExportResponse.exportJSON(exporter, user: try context.requireUser(), now: context.now, logger: context.logger)
            default: throw APIError.invalidParameter("format", expected: .oneOf(["json", "csv"]))
            }
        }
        return routes
    }
}

extension ProfileUpdate: PatchBody {
    typealias Members = CodingKeys
}
