import Foundation
import Testing

/// Issue 15 item 4 in chromium at 390×844: the main pages and the rest of More, signed in, in Japanese and English
/// (and Japanese in dark mode), read through the accessibility tree over the DevTools protocol: every control has a
/// name a screen reader can announce and every text has the contrast to be read. A deliberately broken page proves the audit catches both.
@Suite(.serialized, .timeLimit(.minutes(8))) struct AccessibilityEndToEndTests {
    static let pages = [
        "/", "/records", "/trends/bodyMass", "/tasks", "/workouts", "/sawayaka", "/settings", "/insights",
        "/more", "/inbox", "/goals", "/badges", "/workouts/settings", "/workouts/exercises/new", "/settings/sync", "/sawayaka/wago",
    ]

    /// An unlabeled field, an empty button, an icon-only link, an unnamed select and a focusable box, beside their
    /// named counterparts; faint grey text beside dark text and a large heading that grey is enough for.
    static let brokenPage = """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>broken</title></head>
        <body style="background:#ffffff;color:#222222;font-size:16px">
        <p>Readable text</p>
        <p style="color:#aaaaaa">Faint text</p>
        <p style="color:#888888">Small grey text</p>
        <h1 style="color:#888888;font-size:28px">Large grey heading</h1>
        <label style="color:#999999">Faint label <input id="named"></label>
        <input id="unnamed">
        <button id="empty-button"></button>
        <button id="named-button">Save</button>
        <a href="#next" id="icon-link"><span aria-hidden="true">→</span></a>
        <select id="unnamed-select"><option>1</option></select>
        <div tabindex="0" id="focusable-box" style="width:40px;height:40px"></div>
        <svg width="300" height="60" role="img" aria-label="chart"><text x="0" y="20" fill="#bbbbbb">Faint chart label</text><text x="0" y="50" fill="#333333">Dark chart label</text></svg>
        </body></html>
        """

    @Test func theAuditCatchesUnnamedControlsAndFaintText() async throws {
        try await BrowserHarness.run("a11y-broken") { browser, _ in
            let encoded = try #require(Self.brokenPage.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            try await browser.open("data:text/html;charset=utf-8," + encoded)
            let findings = try await AccessibilityAudit(browser: browser).run().findings
            let unnamed = findings.filter { $0.kind == .unnamedControl }.map(\.detail).sorted()
            #expect(unnamed == ["a#icon-link[href=#next]", "button#empty-button", "div#focusable-box", "input#unnamed", "select#unnamed-select"], "\(findings)")
            let faint = findings.filter { $0.kind == .lowContrast }.map(\.subject).sorted()
            #expect(faint == ["“Faint chart label”", "“Faint label”", "“Faint text”", "“Small grey text”"], "\(findings)")
        }
    }

    @Test func theMainPagesNameEveryControlAndHaveReadableTextInJapaneseAndEnglish() async throws {
        try await BrowserHarness.run("a11y-pages", seed: BrowserHarness.demo(days: 60)) { browser, site in
            try await BrowserHarness.signIn(browser, site: site)
            let task = try await BrowserHarness.addTaskAndSet(browser, site: site, task: "部屋の片付け", steps: ["机の上", "本棚"])

            let audit = AccessibilityAudit(browser: browser)
            var report: [String] = []
            // Japanese and English in the light scheme; Japanese again in the dark one.
            for (language, scheme) in [("ja", "light"), ("en", "light"), ("ja", "dark")] {
                try await browser.devTools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": scheme]]])
                try await browser.open("\(site)/settings")
                try await browser.navigating {
                    _ = try await browser.evaluate("var f = document.querySelector('form[action=\"/lang/\(language)\"]'); if (f) { f.submit(); } else { location.reload(); } return true;")
                }
                #expect(try await browser.evaluate("return document.documentElement.lang;") as? String == language)
                for path in Self.pages + [task] {
                    try await browser.open(site + path)
                    if path == "/records" {
                        // As when an entry waits to be sent: the outbox badge and its note are shown.
                        _ = try await browser.evaluate("""
                            document.getElementById('pwa-message').textContent = document.getElementById('pwa-outbox').dataset.queued;
                            ['pwa-outbox', 'pwa-kept-on-sign-out'].forEach(function (id) { var shown = document.getElementById(id); if (shown) { shown.hidden = false; } });
                            document.querySelector('.pwa-badge').hidden = false; return true;
                            """)
                    }
                    let result = try await audit.run()
                    #expect(result.textsMeasured >= 10, "\(language) \(path): only \(result.textsMeasured) texts measured")
                    for finding in result.findings { report.append("\(language) \(scheme) \(path) \(finding)") }
                }
            }
            // Signed out (still Japanese, dark): the sign-in and sign-up forms, the sign-in page's note of entries kept
            // on the device shown as when some are.
            try await browser.submit("nav form[action=\"/signout\"] button")
            for path in ["/signin", "/signup"] {
                try await browser.open(site + path)
                _ = try await browser.evaluate("var kept = document.getElementById('pwa-kept'); if (kept) { kept.hidden = false; } return true;")
                for finding in try await audit.run().findings { report.append("ja dark \(path) \(finding)") }
            }
            #expect(report.isEmpty, "\(report.count) problems:\n\(report.joined(separator: "\n"))")
        }
    }
}
