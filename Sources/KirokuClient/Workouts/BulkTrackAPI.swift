import APIModels
import Foundation
import Health
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The BulkTrack API as the phone app uses it: device onboarding, tokens refreshed 60 s before they expire (and
/// once more on a 401), retries with backoff on network errors and 5xx, then the contract's endpoints.
public actor BulkTrackAPI {
    public let baseURL: URL
    public let deviceId: String
    let language: String
    let retry: Backoff
    let session: URLSession
    let now: @Sendable () -> Date
    private var tokens: BulkTrackTokens?
    private var accessExpiresAt = Date.distantPast

    public init(
        baseURL: URL, deviceId: String, language: String = "ja", retry: Backoff = .bulkTrack,
        session: URLSession = URLSession(configuration: .ephemeral), now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        self.deviceId = deviceId
        self.language = language
        self.retry = retry
        self.session = session
        self.now = now
    }

    // MARK: Auth

    /// `POST /v1/auth/device`: tokens for this device's user (the same user every time).
    public func authenticate() async throws {
        let (data, _) = try await send("POST", "/v1/auth/device", headers: ["X-Device-Id": deviceId])
        store(try decode(BulkTrackTokens.self, data))
    }

    /// `POST /v1/auth/logout`.
    public func logout() async throws {
        guard let refresh = tokens?.refreshToken else { return }
        _ = try await send("POST", "/v1/auth/logout", body: try ClientJSON.encoder().encode(["refreshToken": refresh]))
        tokens = nil
        accessExpiresAt = .distantPast
    }

    private func refresh() async throws {
        guard let refresh = tokens?.refreshToken else { return try await authenticate() }
        do {
            let (data, _) = try await send("POST", "/v1/auth/refresh", body: try ClientJSON.encoder().encode(["refreshToken": refresh]))
            store(try decode(BulkTrackTokens.self, data))
        } catch BulkTrackClientError.rejected(status: 401, _, _) {
            // The refresh token was revoked (or reused elsewhere): onboard the device again, same user.
            try await authenticate()
        }
    }

    private func store(_ response: BulkTrackTokens) {
        tokens = response
        accessExpiresAt = now().addingTimeInterval(TimeInterval(response.expiresIn))
    }

    // MARK: Endpoints

    public func exercises(query: String = "", limit: Int = 100, offset: Int = 0) async throws -> [ExerciseSummary] {
        try decode([ExerciseSummary].self, try await authorized("GET", "/v1/exercises", query: ["q": query, "limit": "\(limit)", "offset": "\(offset)"]))
    }

    public func createExercise(name: String) async throws -> ExerciseSummary {
        try decode(ExerciseSummary.self, try await authorized("POST", "/v1/exercises", body: try ClientJSON.encoder().encode(["name": name])))
    }

    public func recentExercises(limit: Int = 100, offset: Int = 0) async throws -> [ExerciseSummary] {
        try decode([ExerciseSummary].self, try await authorized("GET", "/v1/me/exercises/recent", query: ["limit": "\(limit)", "offset": "\(offset)"]))
    }

    /// `POST /v1/sets`. With an idempotency key, sending the same set again (a retry after a lost answer) stores it once.
    public func createSet(_ set: NewSet, idempotencyKey: String? = nil) async throws -> LoggedSetSummary {
        let body = try ClientJSON.encoder().encode(set)
        let headers = idempotencyKey.map { ["Idempotency-Key": $0] } ?? [:]
        return try decode(LoggedSetSummary.self, try await authorized("POST", "/v1/sets", body: body, headers: headers))
    }

    public func sets(limit: Int = 100, offset: Int = 0) async throws -> [LoggedSetSummary] {
        try decode([LoggedSetSummary].self, try await authorized("GET", "/v1/sets", query: ["limit": "\(limit)", "offset": "\(offset)"]))
    }

    // MARK: Transport

    private func authorized(_ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil, headers: [String: String] = [:]) async throws -> Data {
        // The app refreshes 60 s before expiry rather than waiting for a 401.
        if tokens == nil { try await authenticate() } else if accessExpiresAt.timeIntervalSince(now()) < 60 { try await refresh() }
        func bearer() throws -> [String: String] {
            guard let tokens else { throw BulkTrackClientError.unauthorized }
            return headers.merging(["Authorization": "Bearer \(tokens.accessToken)"]) { $1 }
        }
        do {
            return try await send(method, path, query: query, body: body, headers: try bearer()).0
        } catch BulkTrackClientError.rejected(status: 401, _, _) {
            try await refresh()
            do {
                return try await send(method, path, query: query, body: body, headers: try bearer()).0
            } catch BulkTrackClientError.rejected(status: 401, _, _) {
                throw BulkTrackClientError.unauthorized
            }
        }
    }

    /// One request, retried with backoff on transport errors and 5xx (`retry.retries` times).
    private func send(_ method: String, _ path: String, query: [String: String] = [:], body: Data? = nil, headers: [String: String] = [:]) async throws -> (Data, HTTPURLResponse) {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw BulkTrackClientError.transport("not a usable URL: \(baseURL.absoluteString)")
        }
        if !query.isEmpty { components.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) } }
        guard let url = components.url else { throw BulkTrackClientError.transport("not a usable URL: \(baseURL.absoluteString)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.httpBody = body
        request.timeoutInterval = 30
        request.setValue(language, forHTTPHeaderField: "Accept-Language")
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        var failures = 0
        while true {
            let failure: BulkTrackClientError
            do {
                let (data, response) = try await session.data(for: request)
                guard let http = response as? HTTPURLResponse else { throw BulkTrackClientError.undecodable }
                switch http.statusCode {
                case 200..<300: return (data, http)
                case 500...:
                    failure = .server(status: http.statusCode)
                default:
                    let error = try? ClientJSON.decoder().decode(BulkTrackErrorBody.self, from: data)
                    throw BulkTrackClientError.rejected(status: http.statusCode, code: error?.code ?? "", message: error?.message ?? "")
                }
            } catch let error as BulkTrackClientError {
                throw error
            } catch {
                failure = .transport(String(describing: type(of: error)))
            }
            failures += 1
            guard failures <= retry.retries else { throw failure }
            try await Task.sleep(for: retry.delay(afterFailures: failures))
        }
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data) throws -> T {
        do { return try ClientJSON.decoder().decode(type, from: data) } catch { throw BulkTrackClientError.undecodable }
    }
}
