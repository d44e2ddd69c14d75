import Foundation
import Testing

/// Issue 15 item 2 in chromium at 390×844: Kiroku installs (manifest, icons, service worker), a page opened before
/// reads offline, and a weight, a task step's tick and workout sets entered with no network wait on the device with a
/// badge and arrive once when the network returns — even when the outbox is sent twice. Offline is real: the server is stopped, and the page is
/// told it is offline through the DevTools protocol.
@Suite(.serialized, .timeLimit(.minutes(5))) struct OfflineEndToEndTests {
    static let manifestCheck = """
        var href = document.querySelector('link[rel="manifest"]').href;
        return fetch(href).then(function (r) { return r.json(); }).then(function (m) {
          return Promise.all(m.icons.filter(function (i) { return i.type === 'image/png'; }).map(function (icon) {
            return new Promise(function (done) {
              var image = new Image();
              image.onload = function () { done(icon.sizes === image.naturalWidth + 'x' + image.naturalHeight); };
              image.onerror = function () { done(false); };
              image.src = icon.src;
            });
          })).then(function (sizesRight) {
            return [m.name, m.short_name, m.start_url, m.display, m.theme_color, String(m.icons.length), String(sizesRight.every(Boolean))].join('|');
          });
        });
        """

    static let badge = "var b = document.getElementById('pwa-outbox'); return b.hidden ? '' : document.getElementById('pwa-outbox-count').textContent;"

    @Test func aWeightAndAStepTickEnteredOfflineArriveOnceWhenTheNetworkReturns() async throws {
        try await BrowserHarness.run("offline") { browser, site, server in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")

            // Installable: the manifest in Japanese, with icons that load at their stated sizes.
            try await browser.open("\(site)/records")
            let manifest = try await browser.evaluate(Self.manifestCheck) as? String
            #expect(manifest == "記録 Kiroku|記録|/|standalone|#2f6fde|3|true")

            // The service worker takes control; the pages opened from then on are kept.
            let active = try await browser.evaluate("return navigator.serviceWorker.ready.then(function (r) { return r.active.state; });") as? String
            #expect(active == "activated")
            try await browser.waitUntil("the worker controls the page") {
                try await browser.open("\(site)/records")
                return try await browser.evaluate("return navigator.serviceWorker.controller !== null;") as? Bool == true
            }
            try await browser.open("\(site)/")
            // A set logged online makes the exercise a one-tap recent; the task and workouts pages are then kept.
            let task = site + (try await BrowserHarness.addTaskAndSet(browser, site: site, task: "部屋の片付け", steps: ["机の上", "本棚", "クローゼット"]))
            try await browser.open(task)
            try await browser.open("\(site)/workouts")

            // Offline: the server is gone and the browser knows it.
            await server.stop()
            try await browser.setOffline(true)
            try await browser.open("\(site)/records")
            #expect(try await browser.source().contains("id=\"add-record\""), "the records page reads from the cache")
            try await browser.open("\(site)/goals")
            try await browser.waitFor("the offline page lists the kept pages") {
                try await browser.evaluate("return Array.from(document.querySelectorAll('#pwa-cached a')).map(function (a) { return a.textContent + ' ' + a.getAttribute('href'); }).join('|');") as? String ?? ""
            } until: { $0.contains("記録 · 記録 Kiroku /records") }
            #expect(try await browser.source().contains("オフラインです"))
            // The kept offline page is the signed-in one (tab bar, outbox), though the worker arrived on the sign-up page.
            #expect(try await browser.evaluate("return document.querySelector('nav.tabbar') !== null && document.getElementById('pwa-outbox') !== null;") as? Bool == true)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("offline-page-390x844.png"))

            // A weight entered offline waits on the device, with the badge.
            try await browser.open("\(site)/records")
            try await browser.type("64.2", into: "#value")
            try await browser.click("#save")
            try await browser.waitFor("the badge counts one") { try await browser.evaluate(Self.badge) as? String ?? "" } until: { $0 == "1" }
            #expect(try await browser.source().contains("送信待ち"))
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("offline-waiting-390x844.png"))
            // A step ticked offline shows ticked and joins the queue.
            try await browser.open(task)
            try await browser.click("#steps li:first-child button.check")
            try await browser.waitFor("the badge counts two") { try await browser.evaluate(Self.badge) as? String ?? "" } until: { $0 == "2" }
            #expect(try await browser.evaluate("return document.querySelector('#steps li:first-child button.check').getAttribute('aria-pressed');") as? String == "true")
            // Workout sets logged offline: two taps on the recent exercise are two sets, and one typed in the form.
            try await browser.open("\(site)/workouts")
            try await browser.click("#recents li:first-child button.quick")
            try await browser.click("#recents li:first-child button.quick")
            try await browser.type("70", into: "#weight")
            try await browser.type("5", into: "#reps")
            try await browser.click("#log-button")
            try await browser.waitFor("the badge counts five") { try await browser.evaluate(Self.badge) as? String ?? "" } until: { $0 == "5" }
            let waiting = try await browser.evaluate("return Array.from(document.querySelectorAll('#today #pwa-waiting-sets li')).map(function (li) { return li.textContent; }).join('|');") as? String ?? ""
            #expect(waiting.split(separator: "|").map { $0.hasSuffix("kg × 8 · 送信待ち") || $0.hasSuffix("70 kg × 5 · 送信待ち") } == [true, true, true], "each set is listed as waiting: \(waiting)")
            let kept = try #require(try await browser.evaluate("return KirokuOutbox.pending().then(function (items) { return JSON.stringify(items.filter(function (i) { return i.action === '/records'; })[0]); });") as? String)
            let keptSet = try #require(try await browser.evaluate("return KirokuOutbox.pending().then(function (items) { return JSON.stringify(items.filter(function (i) { return i.action === '/workouts/sets'; })[0]); });") as? String)
            #expect(keptSet.contains("\"owner\":\"") && !keptSet.contains("hanako"), "kept under the account's opaque key, not its name: \(keptSet)")

            // Back online: sent (twice at once, on top of the browser's own 'online' send), the badge empties.
            try await server.start()
            try await browser.setOffline(false)
            _ = try await browser.evaluate("return Promise.all([KirokuOutbox.flush(), KirokuOutbox.flush()]).then(function () { return true; });")
            try await browser.waitFor("the badge empties") { try await browser.evaluate(Self.badge) as? String ?? "" } until: { $0 == "" || $0 == "0" }
            // A send that reached the server but whose answer was lost: the same record is sent again.
            _ = try await browser.evaluate("return KirokuOutbox.keep(\(kept)).then(function () { return KirokuOutbox.keep(\(keptSet)); }).then(function () { return KirokuOutbox.flush(); });")
            #expect(try await browser.evaluate("return KirokuOutbox.pending().then(function (items) { return items.length; });") as? Int == 0)

            let stored = try await browser.evaluate("""
                return fetch('/api/v1/records?metric=bodyMass').then(function (r) { return r.json(); })
                  .then(function (body) { return body.records.map(function (r) { return String(r.value); }).join(','); });
                """) as? String
            #expect(stored == "64.2", "stored exactly once")
            try await browser.open("\(site)/records")
            #expect(try await browser.source().contains("64.2"))
            try await browser.open(task)
            #expect(try await browser.source().contains("id=\"task-percent\">33%"), "the tick arrived")
            // Today's sets, once each: the one logged online, the two taps and the typed one, on today's page.
            try await browser.open("\(site)/workouts")
            let sets = try await browser.evaluate("return Array.from(document.querySelectorAll('#today ol.sets li')).map(function (li) { return li.firstChild.textContent.trim(); }).join('|');") as? String
            #expect(sets?.split(separator: "|").sorted() == ["60 kg × 8", "60 kg × 8", "60 kg × 8", "70 kg × 5"], "\(sets ?? "-")")

            // Signing out forgets the pages kept for this person.
            try await browser.submit("nav form[action=\"/signout\"] button")
            try await browser.waitUntil("the kept records page is forgotten") {
                try await browser.evaluate("return caches.match('/records').then(function (r) { return r === undefined; });") as? Bool == true
            }
        }
    }
}
