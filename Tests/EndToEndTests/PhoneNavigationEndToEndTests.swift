import Foundation
import Testing

/// Issue 15, phone navigation: a bottom tab bar at 390 px that a thumb can hit and that says where you are,
/// the top links on a wide screen instead, and pages readable in dark mode (text contrast ≥ 4.5:1, nothing under 12 px).
@Suite(.serialized, .timeLimit(.minutes(5))) struct PhoneNavigationEndToEndTests {
    /// Visible text (outside charts) whose contrast with the background behind it is under 4.5:1, or whose size is
    /// under 12 px, described for the failure message.
    static let unreadableText = """
        function channel(v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }
        function luminance(css) { var m = css.match(/[\\d.]+/g).map(Number); return 0.2126 * channel(m[0]) + 0.7152 * channel(m[1]) + 0.0722 * channel(m[2]); }
        function background(el) {
          for (var e = el; e; e = e.parentElement) {
            var m = getComputedStyle(e).backgroundColor.match(/[\\d.]+/g);
            if (m && (m.length < 4 || Number(m[3]) > 0.5)) { return getComputedStyle(e).backgroundColor; }
          }
          return 'rgb(255, 255, 255)';
        }
        var bad = [];
        document.querySelectorAll('body *').forEach(function (el) {
          if (el.closest('svg') || el.closest('[hidden]')) { return; }
          var text = Array.prototype.some.call(el.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim() !== ''; });
          if (!text) { return; }
          var box = el.getBoundingClientRect(), style = getComputedStyle(el);
          if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') { return; }
          var a = luminance(style.color), b = luminance(background(el));
          var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
          var size = parseFloat(style.fontSize);
          if (ratio < 4.5 || size < 12) {
            bad.push(el.tagName.toLowerCase() + (el.className ? '.' + el.className : '') + ' "' + el.textContent.trim().slice(0, 20) + '" ' + ratio.toFixed(2) + ':1 ' + size + 'px');
          }
        });
        return bad.join('; ');
        """

    static let pages = ["/", "/records", "/tasks", "/workouts", "/more", "/inbox", "/settings", "/sawayaka", "/goals", "/badges", "/insights"]

    @Test func aPhoneHasATabBarThatSaysWhereYouAre() async throws {
        try await BrowserHarness.run("tabbar") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")
            try await browser.open("\(site)/records")
            let shown = try await browser.evaluate("""
                var bar = document.querySelector('nav.tabbar'), box = bar.getBoundingClientRect();
                var tabs = Array.prototype.map.call(bar.querySelectorAll('a'), function (a) { var r = a.getBoundingClientRect(); return Math.round(r.width) + 'x' + Math.round(r.height); });
                return [getComputedStyle(bar).display, Math.round(box.bottom) === window.innerHeight, tabs.join(' '),
                        getComputedStyle(document.getElementById('nav-inbox')).display, bar.querySelector('[aria-current]').id].join('|');
                """) as? String
            let parts = shown?.split(separator: "|").map(String.init) ?? []
            #expect(parts.count == 5, "\(shown ?? "-")")
            if parts.count == 5 {
                #expect(parts[0] == "grid" && parts[1] == "true", "the tab bar sits at the bottom of the screen: \(parts[0]) \(parts[1])")
                let sizes = parts[2].split(separator: " ").compactMap { size -> (Int, Int)? in
                    let wh = size.split(separator: "x").compactMap { Int($0) }
                    return wh.count == 2 ? (wh[0], wh[1]) : nil
                }
                #expect(sizes.count == 5 && sizes.allSatisfy { $0.0 >= 44 && $0.1 >= 44 }, "five tabs of at least 44×44 px: \(parts[2])")
                #expect(parts[3] == "none", "the top links give way to the tab bar")
                #expect(parts[4] == "tab-records")
            }
            #expect(try await browser.source().contains("ホーム</a>"), "tabs in Japanese")
            let lines = try await browser.evaluate("var r = document.createRange(); r.selectNodeContents(document.getElementById('tab-workouts')); return r.getClientRects().length === 1;") as? Bool
            #expect(lines == true, "トレーニング fits on one line")

            // Each tab leads to its page and is then marked current; the rest of the site is under More.
            for (tab, path) in [("tab-tasks", "/tasks"), ("tab-workouts", "/workouts"), ("tab-home", "/"), ("tab-more", "/more")] {
                try await browser.submit("#\(tab)")
                #expect(try await browser.currentURL() == site + path)
                let current = try await browser.evaluate("return document.querySelector('nav.tabbar [aria-current]').id;") as? String
                #expect(current == tab)
            }
            try await browser.submit("#more-inbox")
            #expect(try await browser.currentURL() == "\(site)/inbox")
            #expect(try await browser.evaluate("return document.querySelector('nav.tabbar [aria-current]').id;") as? String == "tab-more")
            // The last tab's content is not hidden under the bar.
            let clear = try await browser.evaluate("""
                window.scrollTo(0, document.body.scrollHeight);
                var footer = document.querySelector('footer').getBoundingClientRect(), bar = document.querySelector('nav.tabbar').getBoundingClientRect();
                return footer.bottom <= bar.top + 1;
                """) as? Bool
            #expect(clear == true, "the page can scroll clear of the tab bar")
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("tabbar-inbox-390x844.png"))
        }
    }

    @Test func aWideScreenKeepsTheTopNavigation() async throws {
        try await BrowserHarness.run("tabbar-wide", width: 1200, height: 900) { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")
            try await browser.open("\(site)/tasks")
            let shown = try await browser.evaluate("""
                return getComputedStyle(document.querySelector('nav.tabbar')).display + '|' + getComputedStyle(document.getElementById('nav-inbox')).display;
                """) as? String
            #expect(shown == "none|inline-flex", "at 1200 px the tab bar is hidden and the top links shown: \(shown ?? "-")")
        }
    }

    @Test func everyPageIsReadableInLightAndDarkMode() async throws {
        try await BrowserHarness.run("dark-mode") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")
            try await browser.open("\(site)/records")
            try await browser.type("62.5", into: "#value")
            try await browser.submit("#save")
            for scheme in ["light", "dark"] {
                try await browser.devTools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                for path in Self.pages {
                    try await browser.open(site + path)
                    let bad = try await browser.evaluate(Self.unreadableText) as? String
                    #expect(bad == "", "\(scheme) \(path): \(bad ?? "?")")
                }
            }
            // The check itself catches faint text: grey on white is reported.
            let caught = try await browser.evaluate("""
                var p = document.createElement('p'); p.textContent = 'faint'; p.style.color = '#bbbbbb'; p.style.background = '#ffffff';
                document.querySelector('main').appendChild(p);
                """ + Self.unreadableText) as? String
            #expect(caught?.contains("faint") == true, "the contrast check works: \(caught ?? "-")")
            let dark = try await browser.evaluate("return getComputedStyle(document.body).backgroundColor;") as? String
            #expect(dark == "rgb(18, 21, 27)", "dark mode follows the system setting: \(dark ?? "-")")
            try await browser.open("\(site)/")
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("dark-home-390x844.png"))
        }
    }
}
