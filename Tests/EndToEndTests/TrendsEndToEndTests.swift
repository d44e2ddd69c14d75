import Foundation
import Testing

/// Trends, insights and the monthly report on a phone-sized chromium: a chart, the figures, nothing sideways.
@Suite(.serialized, .timeLimit(.minutes(5))) struct TrendsEndToEndTests {
    @Test func aMetricPageFitsAPhoneWithItsChartAndFigures() async throws {
        try await BrowserHarness.run("trends") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "taro")
            for (metric, value) in [("stepCount", "6500"), ("bodyMass", "70.4")] {
                try await browser.open("\(site)/records")
                _ = try await browser.evaluate("document.querySelector('#metric').value = '\(metric)'; return true;")
                try await browser.type(value, into: "#value")
                try await browser.submit("#save")
            }

            // The dashboard's tile leads to the metric's page.
            try await browser.open("\(site)/")
            try await browser.submit("#tile-stepCount a")
            #expect(try await browser.currentURL().hasSuffix("/trends/stepCount"))
            let steps = try await browser.source()
            #expect(steps.contains("<svg"))
            #expect(steps.contains("id=\"figures\""))
            #expect(steps.contains("6,500") || steps.contains("6500"))
            #expect(try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool == true)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("trends-steps-390x844.png"))

            // The custom range is a plain GET form.
            try await browser.submit("#custom-period button")
            #expect(try await browser.currentURL().contains("period=custom"))

            try await browser.open("\(site)/trends/bodyMass?period=year")
            let weight = try await browser.source()
            #expect(weight.contains("<svg"))
            #expect(weight.contains("id=\"weight-trend\""))
            #expect(try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool == true)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("trends-weight-390x844.png"))

            // The insights page and this month's report fit the phone too.
            try await browser.open("\(site)/insights")
            let insights = try await browser.source()
            #expect(insights.contains("id=\"advice\""))
            #expect(insights.contains("href=\"/trends/mood\""))
            #expect(try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool == true)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("insights-390x844.png"))

            // This month in the user's own zone: the month of the last of the 30 days, as the page wrote it in its
            // range form.
            let to = try #require(steps.range(of: #"name="to" value="\d{4}-\d{2}"#, options: .regularExpression))
            let month = String(steps[to].suffix(7))
            try await browser.open("\(site)/reports/\(month)")
            let report = try await browser.source()
            #expect(report.contains("data-metric=\"stepCount\""))
            #expect(report.contains("data-metric=\"bodyMass\""))
            #expect(try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool == true)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("report-390x844.png"))
        }
    }
}
