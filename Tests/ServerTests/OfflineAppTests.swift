import Foundation
import Hummingbird
import HummingbirdTesting
import Storage
import Testing

/// Issue 15 item 2 at the HTTP level: what a browser needs to install Kiroku and use it offline, and the record
/// form's client id that makes the offline outbox's retries harmless.
@Suite struct OfflineAppTests {
    @Test func theManifestNamesTheAppInTheAskedLanguageWithItsIcons() async throws {
        let server = try TestServer()
        try await server.test { client in
            for (language, name) in [("ja", "記録 Kiroku"), ("en", "Kiroku 記録")] {
                let response = try await client.execute(uri: "/manifest.webmanifest?lang=\(language)", method: .get)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/manifest+json; charset=utf-8")
                #expect(response.headers[.cacheControl] == "public, max-age=3600")
                let manifest = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
                #expect(manifest["name"] as? String == name)
                #expect(manifest["lang"] as? String == language)
                #expect(manifest["start_url"] as? String == "/")
                #expect(manifest["display"] as? String == "standalone")
                #expect(manifest["theme_color"] as? String == "#2f6fde")
                let icons = try #require(manifest["icons"] as? [[String: String]])
                #expect(icons.contains { $0["sizes"] == "192x192" } && icons.contains { $0["sizes"] == "512x512" })
                for icon in icons {
                    let file = try await client.execute(uri: icon["src"]!, method: .get)
                    #expect(file.status == .ok, "\(icon["src"]!)")
                    #expect(file.headers[.contentType]?.hasPrefix(icon["type"]!) == true, "\(icon["src"]!)")
                }
            }
        }
    }

    @Test func theServiceWorkerIsServedFromTheRootAlwaysRevalidated() async throws {
        let server = try TestServer()
        try await server.test { client in
            let worker = try await client.execute(uri: "/sw.js", method: .get)
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.headers[.cacheControl] == "no-cache")
            #expect(worker.headers[.init("Service-Worker-Allowed")!] == "/")
            #expect(worker.text.contains("addEventListener('fetch'"))
            let script = try await client.execute(uri: "/static/pwa.js", method: .get)
            #expect(script.status == .ok)
            #expect(script.headers[.contentType]?.contains("javascript") == true)
        }
    }

    @Test func everyPageLinksTheManifestAndTheOfflinePageSpeaksBothLanguages() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let records = try await browser.get("/records").text
            #expect(records.contains(#"<link rel="manifest" href="/manifest.webmanifest?lang=ja">"#))
            #expect(records.contains(#"<script src="/static/pwa.js" defer></script>"#))
            // The badge is there for the script, hidden: without JavaScript nothing shows.
            #expect(records.contains(#"id="pwa-outbox" role="status" hidden"#))

            let offline = try await client.execute(uri: "/offline", method: .get, headers: [.acceptLanguage: "ja"])
            #expect(offline.status == .ok)
            #expect(offline.headers[.contentType] == "text/html; charset=utf-8")
            #expect(offline.text.contains("オフラインです"))
            #expect(offline.text.contains(#"id="pwa-cached""#))
            let english = try await client.execute(uri: "/offline", method: .get, headers: [.acceptLanguage: "en"])
            #expect(english.text.contains("You are offline"))
        }
    }

    @Test func aRecordSentTwiceWithItsClientIdIsStoredOnce() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let form = ["metric": "bodyMass", "value": "61.2", "unit": "kg", "when": "2026-01-10T07:00", "clientId": "web-4b1c2d"]
            let first = try await browser.submit(page: "/records", to: "/records", form: form)
            let again = try await browser.submit(page: "/records", to: "/records", form: form)
            #expect(first.status == .seeOther)
            #expect(again.headers[.location] == first.headers[.location], "the retry lands on the record the first post made")
            let bad = try await browser.submit(page: "/records", to: "/records", form: form.merging(["clientId": "has space"]) { $1 })
            #expect(bad.status == .badRequest)
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.allRecords(userId: user.id!).map(\.value) == [61.2])
    }

    /// The outbox's account key: the same in the page and its header, the same in every session of one account,
    /// another for another account, absent signed out, and nothing a person could read a name or an id from.
    @Test func pagesNameTheirAccountToTheOutboxByAnOpaqueKey() async throws {
        let server = try TestServer()
        try await server.test { client in
            func owner(_ response: TestResponse) -> (header: String?, page: String?) {
                let page = response.text.range(of: #"data-owner="[^"]*""#, options: .regularExpression).map { String(response.text[$0].dropFirst(12).dropLast()) }
                return (response.headers.first { $0.name.canonicalName == "x-kiroku-owner" }?.value, page)
            }
            var hanako = WebSession(client)
            #expect(owner(try await hanako.get("/signin")).header == nil, "no one signed in, no key")
            _ = try await hanako.signUp("hanako")
            let first = owner(try await hanako.get("/records"))
            let key = try #require(first.header)
            #expect(first.page == key)
            #expect(key.count == 32 && !key.contains("hanako") && Int(key) == nil)
            #expect(owner(try await hanako.get("/imports/424242")).header == key, "error pages say it too")

            var again = WebSession(client)
            _ = try await again.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(owner(try await again.get("/")).header == key, "the same account in another session")
            var taro = WebSession(client)
            _ = try await taro.signUp("taro")
            let other = try #require(owner(try await taro.get("/")).header)
            #expect(other != key)
        }
    }
}
