import Foundation
import Testing

/// Issue 15 on a 390×844 chromium: what a phone user would notice — a sign-out that works from an error page,
/// the inbox and a language switch in the navigation, tap targets a thumb can hit, a calendar that can be read.
@Suite(.serialized, .timeLimit(.minutes(5))) struct PhoneEndToEndTests {
    /// Visible controls under 44 px tall (or 44 px wide for icon buttons), described for the failure message.
    static let smallTargets = """
        var small = [];
        document.querySelectorAll('nav a, nav button, main button, main a.button, .ranges a').forEach(function (el) {
          var box = el.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) { return; }
          if (box.height < 44 || (el.classList.contains('icon') && box.width < 44)) {
            small.push((el.id || el.textContent.trim()).slice(0, 30) + ' ' + Math.round(box.width) + 'x' + Math.round(box.height));
          }
        });
        return small.join(', ');
        """

    @Test func aPhoneUserMeetsNoDeadEndsAndCanHitEveryTarget() async throws {
        try await BrowserHarness.run("phone") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")

            // The inbox is two taps away from any page: More, then Inbox.
            try await browser.open("\(site)/records")
            try await browser.submit("#tab-more")
            try await browser.submit("#more-inbox")
            #expect(try await browser.currentURL() == "\(site)/inbox")

            // Tap targets: navigation, form buttons and list buttons are at least 44 px.
            for path in ["/records", "/tasks", "/settings", "/"] {
                try await browser.open(site + path)
                let small = try await browser.evaluate(Self.smallTargets) as? String
                #expect(small == "", "targets under 44 px on \(path): \(small ?? "?")")
            }

            // The step-task calendar: readable cells, scrolled sideways inside its card, not the page.
            try await browser.open("\(site)/tasks")
            let cell = try await browser.evaluate("return document.querySelector('#activity-calendar rect.kc-day').getBoundingClientRect().width;") as? Double
            #expect((cell ?? 0) >= 10, "calendar cells are \(cell ?? 0) px wide")
            let fits = try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool
            #expect(fits == true)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("phone-tasks-390x844.png"))

            // Signed in, the language switch is in the navigation and works.
            try await browser.submit("#nav-language button")
            #expect(try await browser.currentURL() == "\(site)/tasks")
            #expect(try await browser.evaluate("return document.documentElement.lang;") as? String == "en")
            try await browser.submit("#nav-language button")
            #expect(try await browser.evaluate("return document.documentElement.lang;") as? String == "ja")

            // "Nearest first" with the location refused: the page says so and sorts from the chosen store instead.
            try await browser.open("\(site)/sawayaka")
            _ = try await browser.evaluate("""
                document.getElementById('wt-from').value = 'numazu-gakuendori';
                navigator.geolocation.getCurrentPosition = function (ok, fail) { fail({ code: 1 }); };
                return true;
                """)
            try await browser.submit("#wt-nearest")
            #expect(try await browser.currentURL().contains("from=numazu-gakuendori"))
            let sorted = try await browser.source()
            #expect(sorted.contains("id=\"wt-near-from\""), "the list says where it measures from")
            let first = try await browser.evaluate("return document.querySelector('#wt-list .wt-name').textContent;") as? String
            #expect(first?.hasSuffix("沼津学園通り店") == true || first?.hasSuffix("長泉店") == true, "nearest to the chosen store first, not \(first ?? "-")")

            // An error page's sign-out button signs out (it used to answer 403).
            try await browser.open("\(site)/imports/424242")
            #expect(try await browser.source().contains("404"))
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("phone-error-390x844.png"))
            try await browser.submit("nav form[action=\"/signout\"] button")
            let after = try await browser.source()
            #expect(!after.contains("403"), "sign-out from the error page is not refused")
            try await browser.open("\(site)/records")
            #expect(try await browser.currentURL().contains("/signin"), "signed out for real")
        }
    }
}
