import Foundation
import Testing

/// Issue 15, offline entry on a shared phone, in chromium at 390×844: a weight hanako enters offline is kept under her
/// account; when her session lapses on the server before it can be sent, the kept pages are forgotten, the sign-in
/// page says an entry is kept, taro signing in on the same browser neither sends nor sees it, and it arrives, once,
/// in hanako's records when she signs in again. What is kept can also be removed from the device on the sign-in page.
@Suite(.serialized, .timeLimit(.minutes(5))) struct OfflineAccountsEndToEndTests {
    static let badge = "var b = document.getElementById('pwa-outbox'); return b.hidden ? '' : document.getElementById('pwa-outbox-count').textContent;"
    static let weights = """
        return fetch('/api/v1/records?metric=bodyMass').then(function (r) { return r.json(); })
          .then(function (body) { return body.records.map(function (r) { return String(r.value); }).join(','); });
        """

    @Test func anEntryKeptForOneAccountIsNeverSentUnderAnother() async throws {
        try await BrowserHarness.run("offline-accounts") { browser, site, server in
            let sqlite = try #require(Programs.find(["sqlite3"]), "install sqlite3")
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")
            try await browser.waitUntil("the worker controls the page") {
                try await browser.open("\(site)/records")
                return try await browser.evaluate("return navigator.serviceWorker.controller !== null;") as? Bool == true
            }
            try await browser.open("\(site)/")

            // Offline, hanako enters a weight: it waits, and the page says what signing out would do with it.
            await server.stop()
            try await browser.setOffline(true)
            try await browser.open("\(site)/records")
            try await browser.type("58.4", into: "#value")
            try await browser.click("#save")
            try await browser.waitFor("the badge counts one") { try await browser.evaluate(Self.badge) as? String ?? "" } until: { $0 == "1" }
            #expect(try await browser.evaluate("return document.getElementById('pwa-kept-on-sign-out').hidden;") as? Bool == false)
            #expect(try await browser.source().contains("このアカウントで次にログインしたときに送信されます"))

            // Her session ends on the server (it expired) before the network returns.
            let database = server.dataDirectory.appendingPathComponent("kiroku.sqlite").path
            let expired = try Programs.run(sqlite, [database, "UPDATE session SET expiresAt = '2000-01-01 00:00:00.000';"])
            #expect(expired.status == 0, "\(expired.error)")
            try await server.start()
            try await browser.setOffline(false)
            _ = try await browser.evaluate("return KirokuOutbox.flush().then(function () { return true; });")
            #expect(try await browser.evaluate("return KirokuOutbox.pending().then(function (items) { return items.length; });") as? Int == 1, "not sent without her session")

            // The server says the session is gone: the kept pages go, and the sign-in page says what is still kept.
            try await browser.open("\(site)/records")
            #expect(try await browser.currentURL().contains("/signin"))
            try await browser.waitUntil("the kept pages are forgotten") {
                try await browser.evaluate("return caches.match('/records').then(function (r) { return r === undefined; });") as? Bool == true
            }
            try await browser.waitFor("the sign-in page says one entry is kept") {
                try await browser.evaluate("var k = document.getElementById('pwa-kept'); return k.hidden ? '' : document.getElementById('pwa-kept-count').textContent;") as? String ?? ""
            } until: { $0 == "1" }
            #expect(try await browser.source().contains("ほかのアカウントでは送信されません"))
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("offline-kept-signed-out-390x844.png"))

            // taro signs up on the same browser: hanako's weight is neither sent nor counted for him.
            try await BrowserHarness.signUp(browser, site: site, username: "taro")
            try await browser.open("\(site)/records")
            _ = try await browser.evaluate("return KirokuOutbox.flush().then(function () { return true; });")
            #expect(try await browser.evaluate(Self.badge) as? String ?? "" == "", "taro's badge shows nothing waiting")
            #expect(try await browser.evaluate(Self.weights) as? String == "", "nothing arrived in taro's records")
            #expect(try await browser.evaluate("return KirokuOutbox.all().then(function (items) { return items.length; });") as? Int == 1, "still kept for hanako")
            try await browser.submit("nav form[action=\"/signout\"] button")

            // hanako signs in again: her weight is sent, once, into her records.
            try await BrowserHarness.signIn(browser, site: site, username: "hanako", password: "correct horse battery")
            try await browser.open("\(site)/records")
            try await browser.waitFor("the badge empties") {
                try await browser.evaluate("return KirokuOutbox.all().then(function (items) { return items.length; });") as? Int ?? -1
            } until: { $0 == 0 }
            #expect(try await browser.evaluate(Self.weights) as? String == "58.4", "stored once, in hanako's records")

            // On a shared phone, what is kept can be removed from the sign-in page: another weight waits, her session
            // ends again, and she removes it instead.
            try await browser.setOffline(true)
            try await browser.type("58.0", into: "#value")
            try await browser.click("#save")
            try await browser.waitFor("the badge counts one") { try await browser.evaluate(Self.badge) as? String ?? "" } until: { $0 == "1" }
            #expect(try Programs.run(sqlite, [database, "UPDATE session SET expiresAt = '2000-01-01 00:00:00.000';"]).status == 0)
            try await browser.setOffline(false)
            try await browser.open("\(site)/records")
            try await browser.waitFor("the sign-in page offers to remove it") {
                try await browser.evaluate("return document.getElementById('pwa-kept').hidden;") as? Bool ?? true
            } until: { $0 == false }
            try await browser.click("#pwa-kept-discard")
            try await browser.waitFor("removed from the device") {
                try await browser.evaluate("return KirokuOutbox.all().then(function (items) { return items.length; });") as? Int ?? -1
            } until: { $0 == 0 }
            #expect(try await browser.source().contains("この端末から削除しました"))
            try await BrowserHarness.signIn(browser, site: site, username: "hanako", password: "correct horse battery")
            #expect(try await browser.evaluate(Self.weights) as? String == "58.4", "the removed weight was never sent")
        }
    }
}
