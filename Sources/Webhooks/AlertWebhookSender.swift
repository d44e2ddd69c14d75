import AsyncHTTPClient
import Foundation
import Health
import Logging
import NIOCore
import NIOHTTP1
import Storage
import WaitTimes

/// Posts fired alerts to the webhook a user configured: JSON, or plain text for ntfy-style topics. Best effort: the
/// inbox entry is the record; a failing webhook is logged (without the URL, which may hold a secret topic) and dropped.
///
/// The address is checked right before the post and the connection goes to exactly that address; a redirect is never
/// followed (it could point anywhere, the server itself included).
public struct AlertWebhookSender: Sendable {
    public let policy: WebhookPolicy

    public init(policy: WebhookPolicy = WebhookPolicy()) {
        self.policy = policy
    }

    struct Payload: Encodable {
        let kind = "wait-alert"
        let storeId: String
        let minutes: Int?
        let observedAt: Date
        let title: String
        let message: String
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .instant
        return encoder
    }

    public func send(_ fired: FiredAlert, logger: Logger) async {
        guard let url = fired.alert.webhookURL else { return }
        let alertId: Logger.MetadataValue = "\(fired.alert.id ?? 0)"
        let destination: WebhookPolicy.Destination
        do {
            destination = try await policy.destination(for: url)
        } catch {
            logger.warning("wait alert webhook not sent: its address is not allowed", metadata: ["reason": "\((error as? WebhookRefusal)?.message.en ?? "\(type(of: error))")", "alert_id": alertId])
            return
        }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        switch fired.alert.webhookFormat {
        case .json:
            let payload = Payload(storeId: fired.alert.storeId, minutes: fired.observation.minutes, observedAt: fired.observation.observedAt, title: fired.message.titleJa, message: fired.message.bodyJa)
            let body = (try? Self.encoder.encode(payload)) ?? Data()
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: body))
        case .ntfy:
            request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            request.body = .bytes(ByteBuffer(string: fired.message.titleJa + "\n" + fired.message.bodyJa))
        }
        // One client per post: its only name-to-address mapping is the checked one.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10)))
        configuration.dnsOverride = [destination.host: destination.address.description]
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            let response = try await client.execute(request, timeout: .seconds(10))
            if !(200..<300).contains(response.status.code) {
                logger.warning("wait alert webhook refused", metadata: ["status": "\(response.status.code)", "alert_id": alertId])
            }
        } catch {
            logger.warning("wait alert webhook failed", metadata: ["error": "\(type(of: error))", "alert_id": alertId])
        }
        try? await client.shutdown()
    }
}
