import Foundation
import Health

/// Where the sync agent pushes: an HTTPS gateway URL (design R4: HTTPS only, plain HTTP refused), credentials,
/// an optional CA file for private certificates, and which metrics to send (R2).
public struct GatewayTarget: Codable, Sendable, Equatable {
    /// The gateway's base URL, e.g. `https://gateway.example:8443`; the agent posts to `/api/v1/health-data/`.
    public var url: URL
    public var credentials: Credentials
    /// PEM file of the CA that signed the gateway's certificate, when it is not a public one.
    public var caFile: String?
    /// Metric ids to send; empty means all.
    public var metrics: Set<String>
    /// Stable per installation: the `deviceId` every batch carries.
    public var deviceId: String
    /// The phone app's `userId`: the label the gateway's owner sees on the data.
    public var label: String
    /// When the gateway last answered 401 or 403: the key was revoked or is wrong. Runs stop until the target is
    /// configured again (design R9: detect revoked access, stop retrying, tell the person what to do).
    public var accessRevokedAt: Date?
    /// How often to push without being asked; absent in files written before it existed, which means manual.
    public var frequency: SyncFrequency?
    /// The storage rule saved with the target (R9, off when both are nil): keep at least this many bytes free on the
    /// data directory's disk, and at most this many records the gateway has confirmed, deleting the oldest synced first.
    public var keepFreeBytes: Int64?
    public var maxSyncedRecords: Int?

    public enum Credentials: Codable, Sendable, Equatable {
        case apiKey(String)
        case basic(username: String, password: String)
    }

    public init(
        url: URL, credentials: Credentials, caFile: String? = nil, metrics: Set<String> = [], deviceId: String = UUID().uuidString.lowercased(), label: String,
        frequency: SyncFrequency = .manual
    ) {
        self.url = url
        self.frequency = frequency
        self.credentials = credentials
        self.caFile = caFile
        self.metrics = metrics
        self.deviceId = deviceId
        self.label = label
    }

    /// Parses and checks a gateway address: HTTPS only, a host required, an optional port that overrides the URL's.
    public static func validatedURL(_ text: String, port: Int? = nil) throws(SyncError) -> URL {
        guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty
        else { throw .invalidURL(text) }
        guard scheme == "https" else { throw .insecureURL(text) }
        if let port {
            guard (1...65_535).contains(port) else { throw .invalidURL(text) }
            components.port = port
        }
        components.path = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        guard let url = components.url else { throw .invalidURL(text) }
        return url
    }

    /// The saved frequency, manual when none was ever chosen.
    public var schedule: SyncFrequency { frequency ?? .manual }

    /// The endpoint batches go to, with the trailing slash the phone app uses.
    public var endpoint: URL {
        url.appendingPathComponent("api/v1/health-data/")
    }

    /// Metric ids the toggles select: explicit types, or every metric in the named categories.
    public static func metrics(types: [String], categories: [String]) throws(SyncError) -> Set<String> {
        var selected = Set<String>()
        for type in types {
            guard let metric = MetricCatalog.metric(named: type) else { throw .unknownType(type) }
            selected.insert(metric.id)
        }
        for name in categories {
            guard let category = MetricCategory(rawValue: name) else { throw .unknownCategory(name) }
            selected.formUnion(MetricCatalog.metrics(in: category).map(\.id))
        }
        return selected
    }
}
