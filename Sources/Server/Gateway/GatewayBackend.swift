import Foundation
import Hummingbird
import Services
import Storage

/// Where the gateway route hands an authenticated batch.
protocol GatewayBackend: Sendable {
    associatedtype Caller: Sendable
    var settings: GatewaySettings { get }
    /// Who is posting, and the key their requests are rate-limited under. Throws `APIError.unauthorized`.
    func authenticate(_ request: Request, context: AppRequestContext, now: Date) async throws -> (Caller, String)
    func ingest(_ body: Data, from caller: Caller, now: Date) async throws -> GatewayIngestService.Outcome
}

/// The gateway of a Kiroku with its database: accounts and personal API tokens, samples committed to SQLite (and,
/// with Kafka on, to the outbox) before the answer.
struct StoringGatewayBackend: GatewayBackend {
    let ingestion: GatewayIngestService
    let accounts: AccountService

    var settings: GatewaySettings { ingestion.settings }

    func ingest(_ body: Data, from caller: User, now: Date) async throws -> GatewayIngestService.Outcome {
        try await ingestion.ingest(body, userId: try caller.savedId, now: now)
    }

    /// In the order every token-taking route uses: a key header (`X-API-Key` or `api-key`, a personal API token),
    /// then `Authorization: Basic` (account credentials, rate-limited like the sign-in form) or a bearer token
    /// already checked by the middleware.
    func authenticate(_ request: Request, context: AppRequestContext, now: Date) async throws -> (User, String) {
        if let key = AuthenticationMiddleware.keyHeader(request.headers) {
            guard let user = try await accounts.user(bearerToken: key, address: context.clientAddress, now: now) else { throw APIError.unauthorized }
            return (user, "key:" + SecretToken.hash(key))
        }
        if let authorization = request.headers[.authorization], authorization.lowercased().hasPrefix("basic ") {
            guard let decoded = Data(base64Encoded: String(authorization.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
                  let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
            else { throw APIError.unauthorized }
            let username = String(text[..<colon])
            do {
                let user = try await accounts.signIn(username: username, password: String(text[text.index(after: colon)...]), address: context.clientAddress, now: now)
                return (user, "account:\(try user.savedId)")
            } catch AccountError.invalidCredentials {
                throw APIError.unauthorized
            }
        }
        if let user = context.user, context.session == nil { return (user, "account:\(try user.savedId)") }
        throw APIError.unauthorized
    }
}

/// The stateless gateway (`kiroku serve --gateway-only`): API keys from the key file, samples acknowledged by Kafka
/// before the answer. There are no passwords here, so Basic auth is refused.
struct ForwardingGatewayBackend: GatewayBackend {
    let forwarding: GatewayForwardService
    let keys: GatewayKeyring

    var settings: GatewaySettings { forwarding.settings }

    func ingest(_ body: Data, from owner: String, now: Date) async throws -> GatewayIngestService.Outcome {
        try await forwarding.forward(body, owner: owner, now: now)
    }

    /// `X-API-Key: kgw_…`, or the same key as `Authorization: Bearer`.
    func authenticate(_ request: Request, context: AppRequestContext, now: Date) async throws -> (String, String) {
        let presented = request.headers.first { $0.name.canonicalName == "x-api-key" }?.value
            ?? request.headers[.authorization].flatMap { $0.lowercased().hasPrefix("bearer ") ? String($0.dropFirst(7)) : nil }
        guard let key = presented?.trimmingCharacters(in: .whitespaces), !key.isEmpty, let owner = keys.owner(ofKey: key) else {
            throw APIError.unauthorized
        }
        return (owner, "key:" + SecretToken.hash(key))
    }
}
