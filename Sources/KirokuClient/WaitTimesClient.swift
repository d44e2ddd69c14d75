import APIModels
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The design's data layer for the さわやか API (`StoreRepository` + `APIClient`): the store directory comes from a 24-hour
/// cache when it is fresh, waits always from the network, timeouts retried up to three times, and when a refresh fails
/// the last good list stays on screen with the error beside it.
public actor WaitTimesClient {
    let baseURL: String
    let http: HTTPClient
    let policy: ClientPolicy
    let cache: DirectoryCache
    let now: @Sendable () -> Date
    private var directory: (fetchedAt: Date, stores: [StoreInfo])?
    /// The ETag of the list now shown and the query it answered: polling sends it, and a 304 costs no body.
    private var shownTag: (query: String, tag: String)?
    /// The list as last shown: replaced only by a successful refresh.
    public private(set) var state = StoreListState()

    public init(baseURL: URL, http: HTTPClient = .shared, policy: ClientPolicy = .design, cache: DirectoryCache = DirectoryCache(file: nil), now: @escaping @Sendable () -> Date = { Date() }) {
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.http = http
        self.policy = policy
        self.cache = cache
        self.now = now
        directory = cache.load()
    }

    /// Every store's directory facts: from the cache when younger than 24 hours, else fetched (and cached).
    public func storeDirectory(forceRefresh: Bool = false) async throws(KirokuClientError) -> [StoreInfo] {
        if !forceRefresh, let directory, now().timeIntervalSince(directory.fetchedAt) < policy.directoryMaxAge {
            return directory.stores
        }
        let stores = try await fetchStores(query: "")
        remember(stores.map(StoreInfo.init))
        return stores.map(StoreInfo.init)
    }

    /// Fetches the list with live waits (`query` as in `GET /api/stores`, e.g. "maxWaitTime=30"). On failure the previous
    /// stores stay and `error` says what happened.
    @discardableResult
    public func refreshStores(query: String = "") async -> StoreListState {
        do {
            let tag = shownTag?.query == query ? shownTag?.tag : nil
            let answer = try await fetch("/api/stores" + (query.isEmpty ? "" : "?" + query), ifNoneMatch: tag)
            guard let data = answer.data else {
                // 304: the server confirmed the shown list is current — fresh, not cached.
                state.lastUpdated = now()
                state.error = nil
                return state
            }
            let stores = try decode([StoreBody].self, from: data)
            if query.isEmpty { remember(stores.map(StoreInfo.init)) }
            state = StoreListState(stores: stores.map { StoreWithWait(store: StoreInfo($0), waitTime: $0.waitTime) }, lastUpdated: now(), error: nil)
            shownTag = answer.etag.map { (query, $0) }
        } catch {
            state.error = error
        }
        return state
    }

    /// One store's wait, always from the network.
    public func waitTime(storeId: String) async throws(KirokuClientError) -> WaitTime {
        try decode(WaitTime.self, from: try await get("/api/stores/\(Self.escape(storeId))/waittime"))
    }

    /// One store with its wait; its directory facts come from the cache when fresh, the wait never does.
    public func store(id: String) async throws(KirokuClientError) -> StoreWithWait {
        let wait = try await waitTime(storeId: id)
        if let cached = try? await storeDirectory(), let info = cached.first(where: { $0.id == id }) {
            return StoreWithWait(store: info, waitTime: wait)
        }
        let wire = try decode(StoreBody.self, from: try await get("/api/stores/\(Self.escape(id))"))
        return StoreWithWait(store: StoreInfo(wire), waitTime: wait)
    }

    private func remember(_ stores: [StoreInfo]) {
        let fetchedAt = now()
        directory = (fetchedAt, stores)
        cache.save(stores, fetchedAt: fetchedAt)
    }

    private func fetchStores(query: String) async throws(KirokuClientError) -> [StoreBody] {
        try decode([StoreBody].self, from: try await get("/api/stores" + (query.isEmpty ? "" : "?" + query)))
    }

    func get(_ path: String) async throws(KirokuClientError) -> Data {
        guard let data = try await fetch(path, ifNoneMatch: nil).data else { throw KirokuClientError.invalidResponse }
        return data
    }

    /// GET with the design's timeouts: each attempt gets the request timeout, all attempts together the resource
    /// timeout; a timed-out attempt is retried up to `maxRetriesOnTimeout` times, other failures are not. A 304 to
    /// `ifNoneMatch` answers no data.
    func fetch(_ path: String, ifNoneMatch: String?) async throws(KirokuClientError) -> (data: Data?, etag: String?) {
        let resourceDeadline = NIODeadline.now() + Self.amount(policy.resourceTimeout)
        var retries = 0
        while true {
            let deadline = min(NIODeadline.now() + Self.amount(policy.requestTimeout), resourceDeadline)
            do {
                var request = HTTPClientRequest(url: baseURL + path)
                request.headers.add(name: "Accept", value: "application/json")
                if let ifNoneMatch { request.headers.add(name: "If-None-Match", value: ifNoneMatch) }
                let response = try await http.execute(request, deadline: deadline)
                let body = try await response.body.collect(upTo: 8 * 1024 * 1024)
                let etag = response.headers.first(name: "ETag")
                switch response.status.code {
                case 200: return (Data(body.readableBytesView), etag)
                case 304: return (nil, etag)
                case 404: throw KirokuClientError.notFound
                case 500...: throw KirokuClientError.serverError(Int(response.status.code))
                default: throw KirokuClientError.invalidResponse
                }
            } catch let error as KirokuClientError {
                throw error
            } catch {
                guard Self.isTimeout(error) else { throw KirokuClientError.networkUnavailable }
                guard retries < policy.maxRetriesOnTimeout, NIODeadline.now() < resourceDeadline else { throw KirokuClientError.timeout }
                retries += 1
            }
        }
    }

    static func isTimeout(_ error: any Error) -> Bool {
        guard let error = error as? HTTPClientError else { return false }
        return [.deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout].contains(error)
    }

    static func amount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? text
    }

    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(KirokuClientError) -> T {
        do {
            return try ClientJSON.decoder().decode(T.self, from: data)
        } catch {
            throw KirokuClientError.invalidResponse
        }
    }
}
