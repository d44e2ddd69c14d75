import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import Storage
import WaitTimes

/// Posts fired alerts to the webhook a user configured: JSON, or plain text for ntfy-style topics. Best effort: the
/// inbox entry is the record; a failing webhook is logged (without the URL, which may hold a secret topic) and dropped.
public struct AlertWebhookSender: Sendable {
    let client: HTTPClient

    public init(client: HTTPClient = .shared) {
        self.client = client
    }

    struct Payload: Encodable {
        let kind = "wait-alert"
        let storeId: String
        let minutes: Int?
        let observedAt: Date
        let title: String
        let message: String
    }

    public func send(_ fired: FiredAlert, logger: Logger) async {
        guard let url = fired.alert.webhookURL else { return }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        switch fired.alert.webhookFormat {
        case .json:
            let payload = Payload(storeId: fired.alert.storeId, minutes: fired.observation.minutes, observedAt: fired.observation.observedAt, title: fired.message.titleJa, message: fired.message.bodyJa)
            let body = (try? APIJSON.makeEncoder().encode(payload)) ?? Data()
            request.headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
            request.body = .bytes(ByteBuffer(bytes: body))
        case .ntfy:
            request.headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            request.body = .bytes(ByteBuffer(string: fired.message.titleJa + "\n" + fired.message.bodyJa))
        }
        do {
            let response = try await client.execute(request, timeout: .seconds(10))
            if !(200..<300).contains(response.status.code) {
                logger.warning("wait alert webhook refused", metadata: ["status": "\(response.status.code)", "alert_id": "\(fired.alert.id ?? 0)"])
            }
        } catch {
            logger.warning("wait alert webhook failed", metadata: ["error": "\(type(of: error))", "alert_id": "\(fired.alert.id ?? 0)"])
        }
    }
}
