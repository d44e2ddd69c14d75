import Foundation
import Testing

/// What a QA tour on a 390×844 chromium found with real data: a URL pasted as a task title or a set's note widened
/// the page (the tab bar scrolled out of view), boxes to tick stood on a line of their own above their labels, and
/// in dark mode the dashboard's 14 days were all one grey.
@Suite(.serialized, .timeLimit(.minutes(5))) struct PhoneLayoutEndToEndTests {
    static let longWord = "https://example.com/" + String(repeating: "averyverylongpathsegment", count: 6)

    @Test func longWordsWrapAndBoxesSitBesideTheirLabels() async throws {
        try await BrowserHarness.run("phone-layout") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")
            let task = try await BrowserHarness.addTaskAndSet(browser, site: site, task: Self.longWord, steps: [Self.longWord])
            try await browser.open("\(site)/workouts")
            try await browser.type("60", into: "#weight")
            try await browser.type("5", into: "#reps")
            _ = try await browser.evaluate("document.getElementById('notes').value = '\(Self.longWord)'; return true;")
            try await browser.submit("#log-button")

            // The day page of the set just logged, as the workouts page links it: the set's day is in the account's
            // zone (Asia/Tokyo), which is not the browser's between 15:00 and 24:00 UTC.
            try await browser.open("\(site)/workouts")
            let dayPage = try await browser.evaluate("""
                var link = document.querySelector('a[href^="/workouts/day/"]'); return link ? link.getAttribute('href') : '';
                """) as? String ?? ""
            #expect(dayPage.hasPrefix("/workouts/day/"), "the logged set's day is linked")
            for path in ["/tasks", task, "/workouts", dayPage] {
                try await browser.open(site + path)
                #expect(try await browser.source().contains("averyverylongpathsegment"), "\(path) shows the long text")
                let widths = try await browser.evaluate("return document.documentElement.scrollWidth + '/' + window.innerWidth;") as? String
                let parts = (widths ?? "").split(separator: "/").compactMap { Int($0) }
                #expect(parts.count == 2 && parts[0] <= parts[1], "\(path) is \(widths ?? "?") px wide")
            }

            // Each box to tick starts its label's line: beside the text, not on a line of its own above it.
            for path in ["/share", "/settings/reminders", "/records"] {
                try await browser.open(site + path)
                let misplaced = try await browser.evaluate("""
                    var bad = [];
                    document.querySelectorAll('main label input[type=checkbox], main label input[type=radio]').forEach(function (box) {
                      var b = box.getBoundingClientRect(), l = box.closest('label').getBoundingClientRect();
                      if (b.width === 0) { return; }
                      if (b.width > 40 || l.height > 2.5 * b.height + 24) { bad.push(box.name + ' ' + Math.round(b.width) + 'x' + Math.round(l.height)); }
                    });
                    return bad.join(', ');
                    """) as? String
                #expect(misplaced == "", "\(path): \(misplaced ?? "?")")
            }

            // The dashboard's 14 days in dark mode: a day with a record is not the colour of a day without one.
            try await browser.open("\(site)/records")
            try await browser.type("62.5", into: "#value")
            try await browser.submit("#save")
            try await browser.devTools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]])
            try await browser.open("\(site)/")
            let colours = try await browser.evaluate("""
                var done = document.querySelector('.streak-day.streak-done'), other = document.querySelector('.streak-day:not(.streak-done)');
                return done && other ? getComputedStyle(done).backgroundColor + '|' + getComputedStyle(other).backgroundColor : '';
                """) as? String ?? ""
            let pair = colours.split(separator: "|")
            #expect(pair.count == 2 && pair[0] != pair[1], "recorded and other days in dark mode: \(colours)")
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("dark-streak-390x844.png"))
        }
    }
}
