import Foundation
import Health
import NIOPosix

/// Where the server may post a user's webhook, and to which address it connects.
///
/// A webhook URL is checked twice: when it is saved (so the user hears at once that it cannot work) and again
/// before every post, because a name's DNS answer may change in between. At send time the host is resolved once,
/// every address it resolves to must be on the public internet, and the connection goes to that checked address —
/// there is no second lookup a rebinding DNS server could answer differently. People whose ntfy runs on their own
/// network turn the address check off with `kiroku serve --allow-private-webhooks`.
public struct WebhookPolicy: Sendable {
    public var allowPrivateNetworks: Bool
    /// Host name to addresses: `getaddrinfo` in the server, a table in tests.
    public var resolve: @Sendable (String) async throws -> [IPAddress]

    public init(allowPrivateNetworks: Bool = false) {
        self.init(allowPrivateNetworks: allowPrivateNetworks, resolve: Self.systemResolve)
    }

    public init(allowPrivateNetworks: Bool = false, resolve: @escaping @Sendable (String) async throws -> [IPAddress]) {
        self.allowPrivateNetworks = allowPrivateNetworks
        self.resolve = resolve
    }

    /// A checked webhook: post to `url`, connecting to `address`, whatever the name resolves to by then.
    public struct Destination: Sendable {
        let url: String
        /// The URL's host as the HTTP client reads it (brackets trimmed), with the `Host` header and TLS name.
        let host: String
        let address: IPAddress
    }

    /// At save time: an http(s) URL whose host is, or resolves now only to, public addresses. A name that does not
    /// resolve now is kept — it is checked again before each post.
    public func validate(_ text: String) async throws -> String {
        let host = try Self.host(of: text)
        if let literal = IPAddress(host) {
            try check([literal], host: host)
        } else if let addresses = try? await resolve(host), !addresses.isEmpty {
            try check(addresses, host: host)
        }
        return text
    }

    /// At send time: the one checked address to connect to.
    public func destination(for text: String) async throws -> Destination {
        let host = try Self.host(of: text)
        let addresses: [IPAddress]
        if let literal = IPAddress(host) {
            addresses = [literal]
        } else {
            addresses = try await resolve(host)
        }
        guard let first = addresses.first else { throw WebhookRefusal.unresolved(host: host) }
        try check(addresses, host: host)
        return Destination(url: text, host: host, address: first)
    }

    private func check(_ addresses: [IPAddress], host: String) throws {
        guard !allowPrivateNetworks else { return }
        for address in addresses {
            let scope = AddressScope(address)
            guard scope.isGlobal else { throw WebhookRefusal.notPublic(host: host, address: address, scope: scope) }
        }
    }

    /// The URL's host, as the HTTP client will read it; refuses anything but http(s) with a plain host.
    public static func host(of text: String) throws -> String {
        guard text.utf8.count <= 2048, let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              var host = url.host, !host.isEmpty
        else { throw WebhookRefusal.malformed }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let name = host.lowercased()
        // A name is letters, digits, `-`, `_` and dots; anything else (percent escapes, spaces) is no host to post to.
        guard host.contains(":") || name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw WebhookRefusal.malformed
        }
        let bare = name.hasSuffix(".") ? String(name.dropLast()) : name
        if bare == "localhost" || bare.hasSuffix(".localhost") { throw WebhookRefusal.notPublic(host: host, address: .v4(0x7F00_0001), scope: .loopback) }
        return host
    }

    /// `getaddrinfo`, on NIO's thread pool: it blocks.
    @Sendable public static func systemResolve(_ host: String) async throws -> [IPAddress] {
        try await NIOThreadPool.singleton.runIfActive {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var list: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { throw WebhookRefusal.unresolved(host: host) }
            defer { freeaddrinfo(first) }
            var addresses: [IPAddress] = []
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry {
                if let socketAddress = current.pointee.ai_addr, let address = IPAddress(socketAddress: socketAddress), !addresses.contains(address) {
                    addresses.append(address)
                }
                entry = current.pointee.ai_next
            }
            return addresses
        }
    }
}

/// Why a webhook URL is refused: `invalid_webhook`, 400, with the reason in both languages.
public enum WebhookRefusal: DomainError, Equatable {
    case malformed
    case notPublic(host: String, address: IPAddress, scope: AddressScope)
    case unresolved(host: String)

    public var message: LocalizedText {
        switch self {
        case .malformed:
            LocalizedText(
                ja: "Webhook URL は http:// か https:// で始まる、ホスト名のある URL にしてください。",
                en: "The webhook URL must be an http:// or https:// URL with a host name."
            )
        case .notPublic(let host, let address, let scope):
            LocalizedText(
                ja: "Webhook の宛先 \(host)（\(address)、\(scope.name.ja)）はインターネット上のアドレスではないため使えません。このサーバーや内部ネットワークには送れません。",
                en: "The webhook host \(host) (\(address), \(scope.name.en)) is not on the public internet; webhooks cannot go to this server or a private network."
            )
        case .unresolved(let host):
            LocalizedText(ja: "Webhook のホスト名 \(host) を解決できません。", en: "The webhook host name \(host) does not resolve.")
        }
    }

    public var code: String { "invalid_webhook" }
    public var httpStatus: Int { 400 }
}
