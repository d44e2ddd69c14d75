import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing

/// Public share links: made over the API (the address shown once, only a hash kept), served as an Open Graph page
/// and a PNG to anyone with the address, and dead (404) once revoked; another user cannot revoke someone's link.
@Suite struct ShareLinkTests {
    static let hasRasterizer = FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")

    @Test func aLinkServesAnOpenGraphPageUntilItIsRevoked() async throws {
        let server = try TestServer()
        let (owner, token) = try await server.user("hana")
        let (_, otherToken) = try await server.user("mallory")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "value": 61.37, "unit": "kg"]))

            let bad = try await client.execute(uri: "/api/v1/share-links", method: .post, headers: .bearer(token, language: "ja"), body: jsonBody(["layout": "square"]))
            #expect(bad.status == .badRequest)
            #expect(try await client.execute(uri: "/api/v1/share-links", method: .get, headers: .bearer(token)).json()["links"] as? [Any] != nil)

            let created = try await client.execute(
                uri: "/api/v1/share-links", method: .post, headers: .bearer(token, language: "ja"), body: jsonBody(["layout": "landscape"])
            )
            #expect(created.status == .created)
            let link = try created.json()
            let url = try #require(link["url"] as? String)
            let id = try #require(link["id"] as? Int)
            #expect(link["language"] as? String == "ja")
            let path = try #require(URL(string: url)?.path)
            #expect(path.hasPrefix("/s/") && path.count > 30, "a long random token: \(path)")
            let secret = String(path.dropFirst(3))

            // Only the hash is kept, and the list never shows the address again.
            let rows = try await server.database.shareLinks(userId: owner.id!)
            #expect(rows.count == 1)
            #expect(rows.first?.tokenHash != secret && rows.first?.tokenHash.count == 64)
            let listed = try await client.execute(uri: "/api/v1/share-links", method: .get, headers: .bearer(token))
            #expect(!listed.text.contains(secret))
            let first = try #require((try listed.json()["links"] as? [[String: Any]])?.first)
            #expect(first["url"] == nil || first["url"] is NSNull)

            // Anyone with the address (no sign-in) sees the Open Graph page, in the owner's language.
            let page = try await client.execute(uri: path, method: .get)
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<html lang="ja">"#))
            #expect(html.contains(#"property="og:image" content="http"#) && html.contains("\(path)/card.png\""))
            #expect(html.contains(#"property="og:title" content="記録 Kiroku の共有カード""#))
            #expect(html.contains(#"property="og:description" content=""#))
            #expect(html.contains("小さな一歩を、今日も。") || html.contains("日連続"), "the description is the card's Japanese text")
            #expect(!html.contains("61.4") && !html.contains("61.37"), "no weight unless ticked")
            #expect(!html.contains("hana"), "no name unless ticked")

            if Self.hasRasterizer {
                let image = try await client.execute(uri: "\(path)/card.png", method: .get)
                #expect(image.status == .ok)
                #expect(image.headers[.contentType] == "image/png")
                let bytes = Array(image.body.readableBytesView)
                let parsed = ShareCardPNGTests.chunks(bytes)
                #expect(parsed.width == 1200 && parsed.height == 630, "the layout chosen at creation")
                #expect(Set(parsed.types).isSubset(of: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]))
            }

            // Unknown tokens are 404, like a missing page.
            #expect(try await client.execute(uri: "/s/guess", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/s/guess/card.png", method: .get).status == .notFound)

            // Another user cannot revoke it: 404, and the link keeps working.
            let stolen = try await client.execute(uri: "/api/v1/share-links/\(id)", method: .delete, headers: .bearer(otherToken))
            #expect(stolen.status == .notFound)
            #expect(try await client.execute(uri: path, method: .get).status == .ok)

            // The owner revokes it: the page and the image stop at once.
            let revoked = try await client.execute(uri: "/api/v1/share-links/\(id)", method: .delete, headers: .bearer(token))
            #expect(revoked.status == .noContent)
            #expect(try await client.execute(uri: path, method: .get).status == .notFound)
            #expect(try await client.execute(uri: "\(path)/card.png", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/api/v1/share-links/\(id)", method: .delete, headers: .bearer(token)).status == .notFound)
        }
    }

    @Test func tickedChoicesAreSavedWithTheLink() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("kenta")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["metric": "weight", "value": 72.4, "unit": "kg"]))
            let plain = try await client.execute(uri: "/api/v1/share-links", method: .post, headers: .bearer(token), body: jsonBody([:])).json()
            let withWeight = try await client.execute(uri: "/api/v1/share-links", method: .post, headers: .bearer(token), body: jsonBody(["weight": true])).json()
            #expect(withWeight["weight"] as? Bool == true && plain["weight"] as? Bool == false)
            #expect(plain["language"] as? String == "en")
            let plainPage = try await client.execute(uri: URL(string: plain["url"] as! String)!.path, method: .get).text
            let weightPage = try await client.execute(uri: URL(string: withWeight["url"] as! String)!.path, method: .get).text
            #expect(!plainPage.contains("72.4"))
            #expect(weightPage.contains("Weight 72.4 kg"), "the weight the owner ticked is on the card (and so in its description)")
            #expect(plainPage.contains(#"<html lang="en">"#))
        }
    }

    @Test func theSharePageMakesListsAndRevokesLinksWithoutJavaScript() async throws {
        let server = try TestServer()
        try await server.test { client in
            var web = WebSession(client)
            _ = try await web.signUp("sora")
            let made = try await web.submit(page: "/share", to: "/share/links", form: ["layout": "portrait"])
            #expect(made.status == .ok)
            let html = made.text
            let address = try #require(html.range(of: #"id="new-share-link-url" value="[^"]+""#, options: .regularExpression).map { String(html[$0]) })
            let url = String(address.split(separator: "\"")[3])
            let path = try #require(URL(string: url)?.path)
            #expect(try await client.execute(uri: path, method: .get).status == .ok)

            let again = try await web.get("/share").text
            #expect(!again.contains(path), "the address is shown only once")
            let action = try #require(again.range(of: #"/share/links/[0-9]+/revoke"#, options: .regularExpression).map { String(again[$0]) })
            let revoked = try await web.submit(page: "/share", to: action, form: [:])
            #expect(revoked.status == .seeOther)
            #expect(try await client.execute(uri: path, method: .get).status == .notFound)
            #expect(!(try await web.get("/share").text.contains("/revoke")))
        }
    }

    /// Behind a proxy the request's host may be an internal name: with `--public-url` the link is built on it.
    @Test func withAPublicURLTheLinkIsBuiltOnIt() async throws {
        var configured = try TestServer()
        configured.configuration.publicURL = "https://kiroku.example/"
        let server = configured
        let (_, token) = try await server.user("yua")
        try await server.test { client in
            let created = try await client.execute(uri: "/api/v1/share-links", method: .post, headers: .bearer(token), body: jsonBody([:])).json()
            let url = try #require(created["url"] as? String)
            #expect(url.hasPrefix("https://kiroku.example/s/") && !url.contains("//s/"), "\(url)")
            let page = try await client.execute(uri: try #require(URL(string: url)?.path), method: .get).text
            #expect(page.contains(#"content="https://kiroku.example/s/"#))
        }
    }
}
