import AsyncHTTPClient
import Foundation
import Health
import Logging
import NIOCore
import NIOHTTP1

extension AlertWebhookSender {
    /// Posts `body` to `url` under the same rules as alerts: the address checked by the SSRF policy right before
    /// the post, the connection pinned to the checked address, no redirects. True when the receiver answered 2xx.
    /// The URL is never logged (it may hold a secret topic).
    public func post(_ body: Data, contentType: String, headers: [(name: String, value: String)] = [], to url: String, logger: Logger) async -> Bool {
        let destination: WebhookPolicy.Destination
        do {
            destination = try await policy.destination(for: url)
        } catch {
            logger.warning("webhook not sent: its address is not allowed", metadata: ["reason": "\((error as? WebhookRefusal)?.message.en ?? "\(type(of: error))")"])
            return false
        }
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: contentType)
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        // One client per post: its only name-to-address mapping is the checked one.
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: .seconds(5), read: .seconds(10)))
        configuration.dnsOverride = [destination.host: destination.address.description]
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        var delivered = false
        do {
            let response = try await client.execute(request, timeout: .seconds(10))
            delivered = (200..<300).contains(response.status.code)
            if !delivered { logger.warning("webhook refused", metadata: ["status": "\(response.status.code)"]) }
        } catch {
            logger.warning("webhook failed", metadata: ["error": "\(type(of: error))"])
        }
        try? await client.shutdown()
        return delivered
    }
}
