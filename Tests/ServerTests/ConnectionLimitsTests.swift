import Foundation
@testable import Server
import Testing

/// Raw sockets against a live server with short timeouts: what slow, silent and endless clients get.
@Suite struct ConnectionLimitsTests {
    /// Each test shortens the one timeout it is about; the others stay long, so the short one is what acted.
    static func server(_ limits: ConnectionLimits) throws -> (TestServer, AppConfiguration) {
        let server = try TestServer()
        var configuration = server.configuration
        configuration.connections = limits
        return (server, configuration)
    }

    static let long = Duration.seconds(60)

    @Test func aSlowlorisHeaderIsCutAfterTheHeaderTimeoutWithA408() async throws {
        let (server, configuration) = try Self.server(ConnectionLimits(headerTimeout: .seconds(1), bodyTimeout: Self.long, idleTimeout: Self.long))
        try await server.live(configuration: configuration) { port in
            let connection = try RawConnection(port: port)
            try await connection.send("GET /health HTTP/1.1\r\nHost: x\r\n")
            let received = try await connection.trickle { "X-Slow-\($0): a\r\n" }
            let answer = String(decoding: try #require(received, "still open after 10 s"), as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 408"))
            #expect(answer.contains("\"code\":\"request_timeout\""))
            #expect(answer.contains("The request headers took too long to arrive."))
        }
    }

    @Test func anEndlessChunkedBodyIsCutAfterTheBodyTimeout() async throws {
        let (server, configuration) = try Self.server(ConnectionLimits(headerTimeout: Self.long, bodyTimeout: .seconds(1), idleTimeout: Self.long))
        try await server.live(configuration: configuration) { port in
            let connection = try RawConnection(port: port)
            try await connection.send("POST /api/v1/records HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
            #expect(try await connection.trickle { _ in "2\r\n{}\r\n" } != nil, "a body that never ends is cut, even while it keeps coming")

            // A body that simply stops is cut too.
            let stalled = try RawConnection(port: port)
            try await stalled.send("POST /api/v1/records HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"metric\":")
            #expect(try await stalled.closedByServer(within: .seconds(10)) != nil)
        }
    }

    @Test func anIdleSocketIsClosedAfterTheIdleTimeout() async throws {
        let (server, configuration) = try Self.server(ConnectionLimits(headerTimeout: Self.long, bodyTimeout: Self.long, idleTimeout: .seconds(1)))
        try await server.live(configuration: configuration) { port in
            let silent = try RawConnection(port: port)
            #expect(try await silent.closedByServer(within: .seconds(10)) != nil, "a connection that never sends anything")

            let kept = try RawConnection(port: port)
            try await kept.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await kept.response().status == 200)
            #expect(try await kept.closedByServer(within: .seconds(10)) != nil, "a kept-alive connection after its answer")
        }
    }

    @Test func healthAnswersWhile150IdleSocketsHoldTheCap() async throws {
        let (server, configuration) = try Self.server(ConnectionLimits(headerTimeout: Self.long, bodyTimeout: Self.long, idleTimeout: Self.long, maxConnections: 20))
        try await server.live(configuration: configuration) { port in
            let idle = try (0..<150).map { _ in try RawConnection(port: port) }
            let health = try await RawConnection.exchange(port: port, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(health.status == 200)
            #expect(health.text.contains("Gateway is running"))
            var closed = 0
            for connection in idle where try await connection.closedByServer(within: .milliseconds(20)) != nil { closed += 1 }
            #expect(closed >= 100, "the longest-idle connections made room (\(closed) closed)")
        }
    }

    @Test func http10AndConnectionCloseEndTheConnectionAfterTheAnswer() async throws {
        let (server, configuration) = try Self.server(ConnectionLimits(headerTimeout: Self.long, bodyTimeout: Self.long, idleTimeout: Self.long))
        try await server.live(configuration: configuration) { port in
            let old = try RawConnection(port: port)
            try await old.send("GET /health HTTP/1.0\r\n\r\n")
            let answer = try await old.response()
            #expect(answer.status == 200)
            #expect(answer.header("connection") == "close")
            #expect(try await old.closedByServer(within: .seconds(5)) != nil)

            let closing = try RawConnection(port: port)
            try await closing.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(try await closing.response().status == 200)
            #expect(try await closing.closedByServer(within: .seconds(5)) != nil)

            let kept = try RawConnection(port: port)
            try await kept.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try await kept.response().status == 200)
            #expect(try await kept.closedByServer(within: .milliseconds(500)) == nil, "HTTP/1.1 keeps the connection")
        }
    }

    static let refusedByTheParser = [
        "huge query": "GET /health?q=\(String(repeating: "a", count: 1 << 20)) HTTP/1.1\r\nHost: x\r\n\r\n",
        "huge header": "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "b", count: 1 << 20))\r\n\r\n",
        "malformed request line": "GARBAGE\r\n\r\n",
        "negative length": "GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
    ]

    @Test(arguments: [("huge query", 431, "request_too_large"), ("huge header", 431, "request_too_large"), ("malformed request line", 400, "malformed_request"), ("negative length", 400, "malformed_request")])
    func requestsTheParserRefusesGetTheJSONErrorShape(name: String, status: Int, code: String) async throws {
        let request = try #require(Self.refusedByTheParser[name])
        let server = try TestServer()
        try await server.live { port in
            let answer = try await RawConnection.exchange(port: port, request)
            #expect(answer.status == status)
            #expect(answer.header("content-type") == "application/json; charset=utf-8")
            #expect(answer.errorCode == code)
            let message = try #require((try JSONSerialization.jsonObject(with: answer.body) as? [String: [String: String]])?["error"]?["message"])
            #expect(message.contains(" / "), "Japanese and English: the request's language was never read")
        }
    }
}
