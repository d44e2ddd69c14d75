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
        }
    }
}
