import AsyncHTTPClient
import Foundation
import Health
import NIOCore
import NIOHTTP1
import NIOSSL

/// Posts batches to a gateway over HTTPS, trusting the system's CAs or the target's own CA file. Requests time
/// out after `requestTimeout`; a connection (TCP and TLS) must be made within the shorter `connectTimeout`, so a
/// gateway that is down or unreachable is noticed within seconds rather than after a whole request's wait.
public final class GatewayClient: Sendable {
    let target: GatewayTarget
    let http: HTTPClient
    let requestTimeout: TimeAmount
    let connectTimeout: TimeAmount
    /// Asked of the gateway for its messages, which end up in the sync history.
    let language: Language

    public init(target: GatewayTarget, language: Language = .en, requestTimeout: TimeAmount = .seconds(30), connectTimeout: TimeAmount = .seconds(5)) throws {
        self.target = target
        self.language = language
        self.requestTimeout = requestTimeout
        self.connectTimeout = min(connectTimeout, requestTimeout)
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = target.caFile {
            tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls)
        configuration.timeout = .init(connect: self.connectTimeout, read: requestTimeout)
        // The library would otherwise keep retrying a refused connection quietly until the connect timeout, so every
        // attempt at a gateway that is down took the whole timeout; the engine's own schedule decides what is retried.
        configuration.connectionPool.retryConnectionEstablishment = false
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    public func shutdown() async throws {
        try await http.shutdown()
    }

    /// What one request ended in: an answer, something worth retrying, a refusal retrying cannot fix, no
    /// connection at all (refused, not accepted in time, host not found: the gateway is down or the address wrong), or
    /// a certificate this client does not trust (only new settings fix that).
    enum Outcome {
        case accepted(GatewayAnswer)
        case retryable(status: Int?, reason: String)
        case refused(status: Int, reason: String)
        case unreachable(reason: String)
        case untrusted(reason: String)
    }

    func send(_ payload: SyncPayload) async -> Outcome {
        var request = HTTPClientRequest(url: target.endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept-Language", value: language.rawValue)
        switch target.credentials {
        case .apiKey(let key):
            request.headers.add(name: "X-API-Key", value: key)
        case .basic(let username, let password):
            request.headers.add(name: "Authorization", value: "Basic " + Data("\(username):\(password)".utf8).base64EncodedString())
        }
        do {
            request.body = .bytes(ByteBuffer(bytes: try ClientJSON.encoder().encode(payload)))
            let response = try await http.execute(request, timeout: requestTimeout)
            let body = try await response.body.collect(upTo: 4 << 20)
            let status = Int(response.status.code)
            switch status {
            case 200..<300:
                guard let answer = try? JSONDecoder().decode(GatewayAnswer.self, from: Data(body.readableBytesView)) else {
                    return .retryable(status: status, reason: "unreadable answer")
                }
                return .accepted(answer)
            case 408, 429, 500...599:
                return .retryable(status: status, reason: Self.reason(body, status: response.status))
            default:
                return .refused(status: status, reason: Self.reason(body, status: response.status))
            }
        } catch {
            let host = target.endpoint.host.map { host in target.endpoint.port.map { "\(host):\($0)" } ?? host } ?? target.endpoint.absoluteString
            let failure = TransportFailure(error)
            let reason = failure.describe(error, host: host, caFile: target.caFile, connectTimeout: connectTimeout, language: language)
            // No connection was made: the engine tries once more at most. A certificate not trusted is not tried
            // again. Timeouts or drops mid-request and TLS handshakes cut short are worth the whole backoff.
            if failure.needsNewSettings { return .untrusted(reason: reason) }
            return failure.isUnreachable ? .unreachable(reason: reason) : .retryable(status: nil, reason: reason)
        }
    }

    /// The gateway's own message when it sent one (Kiroku's `{"error":{"message"}}`, or `message`/`detail`).
    static func reason(_ body: ByteBuffer, status: HTTPResponseStatus) -> String {
        let object = try? JSONSerialization.jsonObject(with: Data(body.readableBytesView)) as? [String: Any]
        let message = (object?["error"] as? [String: Any])?["message"] as? String ?? object?["message"] as? String ?? object?["detail"] as? String
        return "\(status.code) \(message ?? status.reasonPhrase)"
    }
}
