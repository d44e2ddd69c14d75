import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// Share cards are drawn once per picture and kept under the data directory: a second request (signed in, or
/// through a public link) starts no rasterizer; new drawings beyond the account's budget answer 429 with
/// `Retry-After` in the reader's language; revoking a link and deleting the account remove the stored files.
@Suite(.enabled(if: ShareLinkTests.hasRasterizer)) struct ShareCardCacheTests {
    /// How many share cards the server drew, served from disk, and refused, from its metrics.
    static func counts(_ server: TestServer) -> (drawn: Int, cached: Int, limited: Int) {
        let text = server.dependencies.metrics.exposition()
        func count(_ outcome: String) -> Int {
            let prefix = #"kiroku_share_cards_total{outcome=""# + outcome + #""} "#
            return text.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
        }
        return (count("drawn"), count("cached"), count("limited"))
    }

    static func files(_ server: TestServer, userId: Int64) -> [String] {
        let folder = server.configuration.dataDirectory.appendingPathComponent("share-cards/user-\(userId)")
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aCardIsDrawnOnceAndTheFilesGoWithTheLinkAndTheAccount() async throws {
        let server = try TestServer()
        let (owner, token) = try await server.user("aoi")
        let userId = try #require(owner.id)
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "steps", "value": 8000]))
            let first = try await client.execute(uri: "/api/v1/share-card.png", method: .get, headers: .bearer(token))
            #expect(first.status == .ok)
            #expect(Self.counts(server).drawn == 1)
            let second = try await client.execute(uri: "/api/v1/share-card.png", method: .get, headers: .bearer(token))
            #expect(second.status == .ok)
            #expect(Array(second.body.readableBytesView) == Array(first.body.readableBytesView), "the same picture")
            #expect(Self.counts(server).drawn == 1, "not drawn again")
            #expect(Self.counts(server).cached == 1)
            #expect(Self.files(server, userId: userId).count == 1)
            #expect(Self.files(server, userId: userId).first?.hasPrefix("account-portrait-") == true)

            // A public link: drawn on the first view, then served from disk, and its file goes when it is revoked.
            let link = try await client.execute(uri: "/api/v1/share-links", method: .post, headers: .bearer(token), body: jsonBody([:])).json()
            let path = try #require(URL(string: link["url"] as? String ?? "")?.path)
            let id = try #require(link["id"] as? Int)
            for _ in 0..<3 {
                #expect(try await client.execute(uri: "\(path)/card.png", method: .get).status == .ok)
            }
            #expect(Self.counts(server).drawn == 2, "one drawing for the link, however often it is viewed")
            #expect(Self.counts(server).cached == 3)
            #expect(Self.files(server, userId: userId).contains { $0.hasPrefix("link-\(id)-") })
            #expect(try await client.execute(uri: "/api/v1/share-links/\(id)", method: .delete, headers: .bearer(token)).status == .noContent)
            #expect(!Self.files(server, userId: userId).contains { $0.hasPrefix("link-") }, "revoked: its card is gone")
            #expect(try await client.execute(uri: "\(path)/card.png", method: .get).status == .notFound)

            let deleted = try await client.execute(uri: "/api/v1/me", method: .delete, headers: .bearer(token), body: jsonBody(["password": "correct horse battery"]))
            #expect(deleted.status == .noContent)
        }
        let folder = server.configuration.dataDirectory.appendingPathComponent("share-cards/user-\(userId)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the account's cards went with it")
    }

    @Test func newDrawingsBeyondTheLimitAnswer429WithRetryAfter() async throws {
        let clock = TestClock(BadgeAwardAPITests.start)
        var limited = try TestServer(clock: { clock.now })
        limited.configuration.shareCardRendersPerMinute = 1
        let server = limited
        let (_, token) = try await server.user("kotone")
        try await server.test { client in
            #expect(try await client.execute(uri: "/api/v1/share-card.png", method: .get, headers: .bearer(token)).status == .ok)
            #expect(try await client.execute(uri: "/api/v1/share-card.png", method: .get, headers: .bearer(token)).status == .ok, "a stored card is never refused")
            let link = try await client.execute(uri: "/api/v1/share-links", method: .post, headers: .bearer(token), body: jsonBody(["layout": "landscape"])).json()
            let path = try #require(URL(string: link["url"] as? String ?? "")?.path)

            for (language, text) in [("ja", "秒ほどしてからもう一度"), ("en", "Please try again in about")] {
                let refused = try await client.execute(uri: "/api/v1/share-card.png?layout=landscape", method: .get, headers: .bearer(token, language: language))
                #expect(refused.status == .tooManyRequests)
                #expect(refused.errorCode == "share_card_busy")
                #expect(refused.errorMessage?.contains(text) == true, "\(language): \(refused.errorMessage ?? "")")
                let wait = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
                #expect((1...60).contains(wait))
            }
            let publicView = try await client.execute(uri: "\(path)/card.png", method: .get, headers: [.acceptLanguage: "ja"])
            #expect(publicView.status == .tooManyRequests, "a public link shares its owner's budget")
            #expect(publicView.headers[.retryAfter] != nil)
            #expect(Self.counts(server) == (drawn: 1, cached: 1, limited: 3))

            clock.set(BadgeAwardAPITests.start.addingTimeInterval(61))
            #expect(try await client.execute(uri: "/api/v1/share-card.png?layout=landscape", method: .get, headers: .bearer(token)).status == .ok, "a minute later")
            #expect(Self.counts(server).drawn == 2)
        }
    }
}
