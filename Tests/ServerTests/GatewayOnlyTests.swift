import EventStream
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import Server
import Services
import Testing
import TestSupport

/// `kiroku serve --gateway-only` over HTTP, against librdkafka's mock cluster: the phone app's protocol unchanged,
/// keys from a key file, and a 200 only once Kafka holds the batch.
@Suite(.serialized, .timeLimit(.minutes(2))) struct GatewayOnlyTests {
    static func application(_ cluster: KafkaMockCluster, keyFile: String) async throws -> some ApplicationProtocol {
        try await buildGatewayOnlyApplication(
            configuration: AppConfiguration(),
            settings: GatewayOnlySettings(brokers: cluster.bootstrapServers, keyFile: keyFile, deliveryTimeout: .seconds(2)),
            logger: Logger(label: "test")
        )
    }

    static func keyFile() throws -> (path: String, key: String) {
        let path = TestFiles.directory.appendingPathComponent("kiroku-gateway-keys-\(UUID().uuidString)").path
        return (path, try GatewayKeyring.addKey(owner: "hanako", to: path))
    }

    @Test func aBatchIsAnsweredLikeTheStoringGatewayAndItsValidSamplesAreInKafka() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data", partitions: 3)
        let (file, key) = try Self.keyFile()
        let good = UUID().uuidString
        try await Self.application(cluster, keyFile: file).test(.router) { client in
            let samples = [GatewayAPITests.sample(id: good), GatewayAPITests.sample(value: -1)]
            var headers = GatewayAPITests.apiKey(key)
            headers[.acceptLanguage] = "en"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: headers, body: GatewayAPITests.payload(samples: samples))
            #expect(response.status == .ok)
            let answer = try response.json()
            #expect(answer["status"] as? String == "partial")
            #expect(answer["syncedCount"] as? Int == 1)
            #expect(answer["failedCount"] as? Int == 1)
            #expect((answer["rejected"] as? [[String: Any]])?.first?["index"] as? Int == 1)

            let basic = try await client.execute(
                uri: "/api/v1/health-data/", method: .post,
                headers: [.contentType: "application/json", .authorization: "Basic " + Data("hanako:correct horse battery".utf8).base64EncodedString()],
                body: GatewayAPITests.payload(samples: samples)
            )
            #expect(basic.status == .unauthorized, "no passwords without a database")
            let wrong = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: GatewayAPITests.apiKey(key + "x"), body: GatewayAPITests.payload(samples: samples))
            #expect(wrong.status == .unauthorized)
            let health = try await client.execute(uri: "/health", method: .get)
            #expect(health.status == .ok)
        }
        let messages = try await KafkaTopicReader(bootstrapServers: cluster.bootstrapServers).readAll(topic: "health-data")
        #expect(messages.map(\.keyString) == ["hanako:\(good.lowercased())"])
        let value = try JSONSerialization.jsonObject(with: messages.first?.value ?? Data()) as? [String: Any]
        #expect(value?["owner"] as? String == "hanako")
        #expect((value?["sample"] as? [String: Any])?["id"] as? String == good)
    }

    @Test func aBatchKafkaCannotTakeInTimeIsA503TheAppRetries() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        try cluster.createTopic("health-data")
        let (file, key) = try Self.keyFile()
        cluster.setBrokerDown()
        try await Self.application(cluster, keyFile: file).test(.router) { client in
            var headers = GatewayAPITests.apiKey(key)
            headers[.acceptLanguage] = "ja"
            let response = try await client.execute(uri: "/api/v1/health-data/", method: .post, headers: headers, body: GatewayAPITests.payload(samples: [GatewayAPITests.sample()]))
            #expect(response.status == .serviceUnavailable)
            #expect(response.headers[.retryAfter] == "5")
            let error = try response.json()["error"] as? [String: Any]
            #expect(error?["code"] as? String == "kafka_unavailable")
            #expect((error?["message"] as? String)?.contains("もう一度送って") == true)
        }
        cluster.setBrokerUp()
    }

    /// `--trusted-proxy` means on a gateway-only instance what it means on the full server: for a connection from the
    /// proxy the client is the one `X-Forwarded-For` names; from anywhere else the header is ignored.
    @Test func behindATrustedProxyTheClientIsTheOneTheProxyNames() async throws {
        let cluster = try KafkaMockCluster(brokers: 1)
        let (file, _) = try Self.keyFile()
        var configuration = AppConfiguration()
        #expect(configuration.trustProxies(["127.0.0.4"]).isEmpty)
        let logger = Logger(label: "test")
        let producer = try KafkaProducer(configuration: .init(bootstrapServers: cluster.bootstrapServers, options: [:]), logger: logger)
        let forwarding = GatewayForwardService(
            settings: configuration.gateway, publisher: KafkaBatchPublisher(producer: producer, topic: "health-data"), topic: "health-data",
            deliveryTimeout: .seconds(2), logger: logger
        )
        let router = buildGatewayOnlyRouter(
            configuration: configuration, backend: ForwardingGatewayBackend(forwarding: forwarding, keys: try GatewayKeyring(path: file, logger: logger)),
            metrics: AppMetrics(), pages: try await WebRenderer()
        )
        // What every address-keyed rule and log reads; nothing else here shows it.
        router.get("client-address") { _, context -> String in context.clientAddress }
        try await Application(router: router).test(.live) { client in
            let port = try #require(client.port)
            let proxied = RawBrowser(port: port, from: "127.0.0.4")
            proxied.extraHeaders = ["X-Forwarded-For: 10.9.9.9, 198.51.100.7"]
            #expect(try await proxied.get("/client-address").text == "198.51.100.7")
            let direct = RawBrowser(port: port, from: "127.0.0.5")
            direct.extraHeaders = ["X-Forwarded-For: 198.51.100.7"]
            #expect(try await direct.get("/client-address").text == "127.0.0.5")
        }
    }
}
