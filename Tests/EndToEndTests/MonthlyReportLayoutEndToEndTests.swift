import Foundation
import Testing

/// The monthly report's table on a 390 px chromium, in English. Its cells let a line break anywhere, so the table
/// squeezed the metric column below its words and the row names read "weig|ht", "step|s".
@Suite(.serialized, .timeLimit(.minutes(5))) struct MonthlyReportLayoutEndToEndTests {
    @Test func theReportTableKeepsEveryWordWhole() async throws {
        try await BrowserHarness.run("report-table") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "emma")
            try await browser.open("\(site)/")
            try await browser.submit("#nav-language button")
            for (metric, value) in [("stepCount", "11600"), ("bodyMass", "71.5")] {
                try await browser.open("\(site)/records")
                _ = try await browser.evaluate("document.querySelector('#metric').value = '\(metric)'; return true;")
                try await browser.type(value, into: "#value")
                try await browser.submit("#save")
            }
            // This month in the account's zone, as the month page writes it in its range form.
            try await browser.open("\(site)/trends/stepCount?period=month")
            let page = try await browser.source()
            let from = try #require(page.range(of: #"name="from" value="\d{4}-\d{2}"#, options: .regularExpression))
            try await browser.open("\(site)/reports/\(page[from].suffix(7))")
            #expect(try await browser.source().contains("data-metric=\"bodyMass\""))
            // Every word of the table on one line: a word split across lines has more than one box.
            let broken = try await browser.evaluate("""
                var split = [], walker = document.createTreeWalker(document.querySelector('.report-table'), NodeFilter.SHOW_TEXT);
                while (walker.nextNode()) {
                  var node = walker.currentNode, text = node.textContent, re = /\\S+/g, match;
                  while ((match = re.exec(text))) {
                    var range = document.createRange();
                    range.setStart(node, match.index); range.setEnd(node, match.index + match[0].length);
                    if (range.getClientRects().length > 1) { split.push(match[0]); }
                  }
                }
                return split.join(' ');
                """) as? String
            #expect(broken == "", "words broken across lines: \(broken ?? "?")")
            let names = try await browser.evaluate(
                "return Array.from(document.querySelectorAll('.report-table tbody td:first-child')).map(function (c) { return c.textContent; }).join('|');"
            ) as? String
            #expect(names?.split(separator: "|").contains("Weight") == true, "row names as the metric pages title them: \(names ?? "?")")
            #expect(try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool == true)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("report-table-en-390x844.png"))
        }
    }
}
