import Foundation
import Health
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
@testable import Server
import Services
import Storage
import Testing
import WaitTimes
@testable import Webhooks

/// A server of the test's own on 127.0.0.1 that records every request it gets; `/hop` answers 307 to its `/hook`.
struct WebhookListener {
    actor Received {
        var requests: [(path: String, host: String, body: String)] = []
        func add(_ path: String, _ host: String, _ body: String) { requests.append((path, host, body)) }
    }

    let received = Received()

    func run<Value: Sendable>(_ body: @escaping @Sendable (_ port: Int) async throws -> Value) async throws -> Value {
        let router = Router()
        router.post("hook") { [received] request, _ -> HTTPResponse.Status in
            await received.add("/hook", request.head.authority ?? "", String(buffer: try await request.body.collect(upTo: 65_536)))
            return .ok
        }
        router.post("hop") { [received] request, _ -> Response in
            await received.add("/hop", request.head.authority ?? "", "")
            return Response(status: .temporaryRedirect, headers: [.location: "http://\(request.head.authority ?? "")/hook"])
        }
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        return try await app.test(.live) { client in try await body(try #require(client.port)) }
    }
}

@Suite struct WebhookAddressTests {
    static let sunday = Tokyo.at("2026-11-22 15:00")

    /// Every spelling of "this server" and its networks that the old filter let through, and a few more.
    static func insideForms(port: Int) -> [String] {
        [
            "http://127.1:\(port)/hook", "http://0177.0.0.1:\(port)/hook", "http://2130706433:\(port)/hook", "http://0x7f000001:\(port)/hook",
            "http://0:\(port)/hook", "http://[::ffff:127.0.0.1]:\(port)/hook", "http://[::ffff:7f00:1]:\(port)/hook",
            "http://[0:0:0:0:0:0:0:1]:\(port)/hook", "http://127.0.0.1.:\(port)/hook", "http://LOCALHOST.:\(port)/hook",
            "http://169.254.169.254/latest/meta-data", "http://100.64.0.1/", "http://[fd00::1]/", "http://[fe80::1]/", "http://10.0.0.1/",
        ]
    }

    @Test func everyInsideAddressIsRefusedWhenAnAlertIsSaved() async throws {
        let (server, _) = try await TestServer.waitTimes(at: TestClock(Self.sunday))
        let (_, token) = try await server.user("hanako")
        try await server.live { port in
            for url in Self.insideForms(port: port) {
                let body = String(data: try JSONSerialization.data(withJSONObject: ["storeId": "kannami", "maxMinutes": 20, "webhookURL": url]), encoding: .utf8) ?? ""
                let answer = try await RawConnection.exchange(port: port, """
                    POST /api/v1/wait-alerts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\n\
                    Accept-Language: en\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
                    """)
                #expect(answer.status == 400, "\(url)")
                #expect(answer.errorCode == "invalid_webhook", "\(url)")
                #expect(answer.text.contains("not on the public internet"), "\(url): \(answer.text)")
            }
        }
        #expect(try await server.database.alerts(userId: 1).isEmpty, "nothing was saved")
    }

    @Test func theWebFormExplainsTheRefusalInJapanese() async throws {
        let (server, _) = try await TestServer.waitTimes(at: TestClock(Self.sunday))
        _ = try await server.user("hanako")
        try await server.live { port in
            let browser = RawBrowser(port: port, from: "127.0.0.1")
            #expect(try await browser.signIn("hanako", password: "correct horse battery").status == 303)
            let refused = try await browser.submit(page: "/sawayaka/kannami", to: "/sawayaka/kannami/alerts", form: ["maxMinutes": "20", "webhookURL": "http://0x7f000001/"])
            #expect(refused.status == 400)
            #expect(refused.text.contains("127.0.0.1"))
        }
    }

    /// Alerts stored before the check existed, or whose name now resolves inside: checked again before every post.
    @Test func aListenerOnLoopbackReceivesNothing() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let listener = WebhookListener()
        try await listener.run { port in
            let rebinding = WebhookPolicy { name in name == "rebind.example" ? [.v4(0x7F00_0001)] : [] }
            let service = WaitTimeService(database: database, webhooks: AlertWebhookSender(policy: rebinding), now: { Self.sunday })
            let urls = ["http://127.0.0.1:\(port)/hook", "http://localhost:\(port)/hook", "http://rebind.example:\(port)/hook"] + Self.insideForms(port: port).prefix(8)
            for url in urls {
                _ = try await database.insertAlert(WaitAlert(userId: try #require(user.id), storeId: "kannami", maxMinutes: 20, day: LocalDay("2026-11-22")!, webhookURL: url, createdAt: Self.sunday))
            }
            let observation = WaitObservation(storeId: "kannami", observedAt: Self.sunday, minutes: 15, status: .available, source: "test")
            #expect(try await service.record([observation], now: Self.sunday, logger: Logger(label: "test")).fired.count == urls.count)
        }
        #expect(await listener.received.requests.isEmpty)
    }

    @Test func aRedirectIsNeverFollowedEvenWhenPrivateWebhooksAreAllowed() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let listener = WebhookListener()
        try await listener.run { port in
            let service = WaitTimeService(database: database, webhooks: AlertWebhookSender(policy: WebhookPolicy(allowPrivateNetworks: true)), now: { Self.sunday })
            _ = try await database.insertAlert(WaitAlert(userId: try #require(user.id), storeId: "kannami", maxMinutes: 20, day: LocalDay("2026-11-22")!, webhookURL: "http://127.0.0.1:\(port)/hop", createdAt: Self.sunday))
            let observation = WaitObservation(storeId: "kannami", observedAt: Self.sunday, minutes: 15, status: .available, source: "test")
            _ = try await service.record([observation], now: Self.sunday, logger: Logger(label: "test"))
        }
        #expect(await listener.received.requests.map(\.path) == ["/hop"])
    }

    /// The post goes to the address that was checked — here a name only the test's resolver knows — with the name
    /// kept in the Host header: there is no second lookup for a DNS server to answer differently.
    @Test func thePostConnectsToTheCheckedAddress() async throws {
        let database = try AppDatabase.temporary()
        let user = try await database.createUser(User(username: "hanako", passwordHash: "x", createdAt: Date()))
        let listener = WebhookListener()
        try await listener.run { port in
            let lan = WebhookPolicy(allowPrivateNetworks: true) { name in name == "ntfy.home.arpa" ? [.v4(0x7F00_0001)] : [] }
            let service = WaitTimeService(database: database, webhooks: AlertWebhookSender(policy: lan), now: { Self.sunday })
            _ = try await database.insertAlert(WaitAlert(userId: try #require(user.id), storeId: "kannami", maxMinutes: 20, day: LocalDay("2026-11-22")!, webhookURL: "http://ntfy.home.arpa:\(port)/hook", webhookFormat: .ntfy, createdAt: Self.sunday))
            let observation = WaitObservation(storeId: "kannami", observedAt: Self.sunday, minutes: 15, status: .available, source: "test")
            _ = try await service.record([observation], now: Self.sunday, logger: Logger(label: "test"))
            let requests = await listener.received.requests
            #expect(requests.map(\.path) == ["/hook"])
            #expect(requests.first?.host == "ntfy.home.arpa:\(port)")
            #expect(requests.first?.body.contains("15分待ち") == true)
        }
    }

    @Test func withTheFlagALoopbackWebhookIsSavedAndPosted() async throws {
        let clock = TestClock(Self.sunday)
        let (server, operatorToken) = try await TestServer.waitTimes(at: clock)
        let (_, token) = try await server.user("hanako")
        var lanConfiguration = server.configuration
        lanConfiguration.allowPrivateWebhooks = true
        let configuration = lanConfiguration
        let listener = WebhookListener()
        try await listener.run { hookPort in
            try await server.live(configuration: configuration) { port in
                let body = "{\"storeId\":\"kannami\",\"maxMinutes\":20,\"webhookURL\":\"http://127.0.0.1:\(hookPort)/hook\"}"
                let saved = try await RawConnection.exchange(port: port, """
                    POST /api/v1/wait-alerts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\n\
                    Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)
                    """)
                #expect(saved.status == 201, "\(saved.text)")
                let reading = "{\"minutes\":15}"
                let observed = try await RawConnection.exchange(port: port, """
                    PUT /api/stores/kannami/waittime HTTP/1.1\r\nHost: x\r\nX-Operator-Token: \(operatorToken)\r\nContent-Type: application/json\r\n\
                    Content-Length: \(reading.utf8.count)\r\nConnection: close\r\n\r\n\(reading)
                    """)
                #expect((200..<300).contains(observed.status), "\(observed.text)")
            }
        }
        #expect(await listener.received.requests.map(\.path) == ["/hook"])
    }
}
