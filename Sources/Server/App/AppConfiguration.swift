import Foundation
import Logging
import Services
import Webhooks

/// Everything the server needs to know about where and how to run. Filled from flags and environment by the CLI.
public struct AppConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: URL
    public var logLevel: Logger.Level
    public var logFormat: LogFormat
    public var logPersonalData: Bool
    /// Marks cookies `Secure` behind a TLS-terminating proxy. Serving TLS itself (`tls`) implies it.
    public var behindHTTPSProxy: Bool
    /// PEM files to serve HTTPS with; nil serves plain HTTP (fine on 127.0.0.1).
    public var tls: TLSFiles?
    /// The health data gateway's limits and Kafka switch.
    public var gateway: GatewaySettings
    /// Where the gateway publishes, when Kafka is on (`gateway.kafkaEnabled` then holds too).
    public var kafka: KafkaSettings? {
        didSet { gateway.kafkaEnabled = kafka != nil }
    }
    /// さわやか wait times: a queue-service-shaped JSON feed to poll, and how often (minutes), within opening hours.
    public var sawayakaFeedURL: String?
    public var sawayakaPollMinutes: Int = 5
    /// Largest health-data upload (Apple Health export, CSV) accepted by `/api/v1/imports` and the web form.
    public var maxImportUploadBytes: Int = 4 << 30
    /// Header, body and idle timeouts and the connection cap.
    public var connections = ConnectionLimits()
    /// Lets wait-alert webhooks reach loopback and private networks (an ntfy on the LAN). Off: only the internet.
    public var allowPrivateWebhooks = false
    /// The address people reach this server at (`https://kiroku.example`), for links that leave it: a reminder's
    /// "record now" action. Nil: the listening address (`http(s)://host:port`), right only without a proxy.
    public var publicURL: String?
    /// New accounts per client address in any hour, from the sign-up form, Sign in with Apple and BulkTrack's new
    /// devices together; 0 closes sign-up, leaving `kiroku user create`.
    public var signUpsPerHour = AccountService.defaultSignUpsPerHour
    /// Share-card drawings (cache misses) allowed per account per minute; a cached card is always served.
    public var shareCardRendersPerMinute = 10
    /// Scheduled backups while the server runs; nil for none.
    public var backups: BackupSchedule?
    /// Sign in with Apple for the BulkTrack app (`POST /v1/auth/apple`); nil answers that route 401 not configured.
    public var appleSignIn: AppleSignInSettings?
    /// How often the sync scheduler looks for due runs: "real time" means within this of a new record.
    public var syncTick: Duration = .seconds(5)
    /// Reverse proxies in front of the server, by address: a request connecting from one of them is counted (sign-in
    /// limits, token and session addresses) under the client its `X-Forwarded-For` names. Empty: the connection's
    /// own address, and `X-Forwarded-For` is ignored (anyone can send it).
    public var trustedProxies: Set<IPAddress> = []

    /// Trusts the proxies at these addresses (`--trusted-proxy`); answers the texts that are no address, trusting none
    /// of the list then.
    public mutating func trustProxies(_ addresses: [String]) -> [String] {
        let parsed = addresses.map { ($0, IPAddress($0.trimmingCharacters(in: .whitespaces))) }
        let invalid = parsed.filter { $0.1 == nil }.map(\.0)
        if invalid.isEmpty { trustedProxies = Set(parsed.compactMap(\.1)) }
        return invalid
    }

    public struct TLSFiles: Sendable, Equatable {
        public var certificateChainPath: String
        public var privateKeyPath: String

        public init(certificateChainPath: String, privateKeyPath: String) {
            self.certificateChainPath = certificateChainPath
            self.privateKeyPath = privateKeyPath
        }
    }

    /// `publicURL`, else the listening address (a wildcard host read as localhost), without a trailing slash.
    public var resolvedPublicURL: String {
        if let publicURL { return publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL }
        let name = ["0.0.0.0", "::", ""].contains(host) ? "localhost" : (host.contains(":") ? "[\(host)]" : host)
        return "\(tls == nil ? "http" : "https")://\(name):\(port)"
    }

    /// Cookies carry `Secure` whenever browsers reach Kiroku over HTTPS.
    public var secureCookies: Bool { behindHTTPSProxy || tls != nil }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: ".kiroku"),
        logLevel: Logger.Level = .info,
        logFormat: LogFormat = .text,
        logPersonalData: Bool = false,
        behindHTTPSProxy: Bool = false,
        tls: TLSFiles? = nil,
        gateway: GatewaySettings = GatewaySettings()
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.logLevel = logLevel
        self.logFormat = logFormat
        self.logPersonalData = logPersonalData
        self.behindHTTPSProxy = behindHTTPSProxy
        self.tls = tls
        self.gateway = gateway
    }

    public var databasePath: String { dataDirectory.appendingPathComponent("kiroku.sqlite").path }
}
