import Foundation
import Testing

/// Issue 15's "Why", where only a phone shows it, in chromium at 390×844: the all-time steps chart of a 14-month
/// history draws bars a thumb can tell apart, months named with their year and the last label whole; a new API token
/// is on the first screen after it is made, is not kept on the device for offline reading, and a reload does not make
/// another.
@Suite(.serialized, .timeLimit(.minutes(5))) struct PhoneFirstScreenEndToEndTests {
    /// Steps bars' narrowest on-screen width, x-axis labels sticking out of the chart, and the labels themselves.
    static let stepsChart = """
        var svg = document.querySelector('#steps-chart svg'), box = svg.getBoundingClientRect();
        var widths = Array.from(svg.querySelectorAll('.kc-bar')).map(function (bar) { return bar.getBoundingClientRect().width; });
        var labels = Array.from(svg.querySelectorAll('text')).filter(function (t) { return /\\d+\\/\\d+/.test(t.textContent); });
        var outside = labels.filter(function (t) { var r = t.getBoundingClientRect(); return r.left < box.left - 0.5 || r.right > box.right + 0.5; });
        return [String(widths.length), String(Math.min.apply(null, widths)), outside.map(function (t) { return t.textContent; }).join(' '),
                labels.map(function (t) { return t.textContent; }).join(' '), svg.getAttribute('aria-label') || svg.textContent].join('|');
        """

    @Test func theAllTimeChartAndANewTokenReadWholeOnAPhone() async throws {
        try await BrowserHarness.run("phone-first-screen", seed: BrowserHarness.demo(days: 430)) { browser, site in
            try await BrowserHarness.signIn(browser, site: site)

            try await browser.open("\(site)/?range=all")
            let parts = (try await browser.evaluate(Self.stepsChart) as? String ?? "").split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            #expect(parts.count == 5, "\(parts)")
            if parts.count == 5 {
                #expect((Int(parts[0]) ?? 0) >= 14, "a bar per month: \(parts[0])")
                #expect((Double(parts[1]) ?? 0) >= 4, "bars a thumb can tell apart, not 1 px: \(parts[1]) px")
                #expect(parts[2] == "", "labels cut at the chart's edge: \(parts[2])")
                #expect(parts[3].contains("20"), "the months carry their year: \(parts[3])")
                #expect(!parts[4].contains("日間") && !parts[4].contains(" days"), "months are not called days: \(parts[4])")
            }
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("phone-all-time-390x844.png"))

            // A new token: on the first screen, and a reload shows it no more and makes no second one.
            try await browser.open("\(site)/settings")
            let before = try await browser.evaluate("return document.querySelectorAll('ul.tokens > li').length;") as? Int ?? -1
            try await browser.type("phone", into: "form[action=\"/settings/tokens\"] input[name=\"name\"]")
            try await browser.submit("form[action=\"/settings/tokens\"] button")
            let onFirstScreen = try await browser.evaluate("""
                window.scrollTo(0, 0);
                var r = document.getElementById('new-token').getBoundingClientRect();
                return r.top >= 0 && r.bottom <= window.innerHeight;
                """) as? Bool
            #expect(onFirstScreen == true, "the one-time token is seen without scrolling")
            // The installed app keeps pages for offline reading, but never the one with the secret.
            try await Task.sleep(for: .seconds(1))
            let keptSecret = try await browser.evaluate("""
                var secret = document.getElementById('new-token').textContent;
                return caches.match('/settings').then(function (r) { return r ? r.text() : ''; }).then(function (t) { return t.indexOf(secret) >= 0; });
                """) as? Bool
            #expect(keptSecret == false, "the token's secret is not kept on the device")
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("phone-new-token-390x844.png"))
            try await browser.navigating { _ = try await browser.evaluate("location.reload(); return true;") }
            let reloaded = try await browser.evaluate("return [document.getElementById('new-token') === null, document.querySelectorAll('ul.tokens > li').length, location.pathname].join('|');") as? String
            #expect(reloaded == "true|\(before + 1)|/settings", "a reload shows the secret no more and makes no second token: \(reloaded ?? "-")")
        }
    }
}
