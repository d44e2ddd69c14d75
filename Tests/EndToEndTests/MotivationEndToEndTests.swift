import Foundation
import Testing

/// Badges and the streak strip on a phone-sized chromium.
@Suite(.serialized, .timeLimit(.minutes(5))) struct MotivationEndToEndTests {
    @Test func aFirstRecordCelebratesOnceAndTheBadgesAndStripFitAPhone() async throws {
        try await BrowserHarness.run("motivation") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "natsuko")
            try await browser.open("\(site)/records")
            try await browser.type("58.2", into: "#value")
            try await browser.submit("#save")

            // The next page view — the records page the form comes back to — celebrates the first badge, once.
            let recordsPage = try await browser.source()
            #expect(recordsPage.contains("id=\"celebration\""))
            #expect(recordsPage.contains("はじめの一歩") || recordsPage.contains("First Step"))
            let reducedMotion = try await browser.evaluate(
                "return getComputedStyle(document.getElementById('celebration')).animationName;"
            ) as? String
            #expect(reducedMotion == "kc-celebrate")

            try await browser.open("\(site)/")
            let dashboard = try await browser.source()
            #expect(!dashboard.contains("id=\"celebration\""), "the celebration plays once")
            #expect(dashboard.contains("id=\"streak-strip\""))
            #expect(dashboard.contains("id=\"streak-current\">1<"))
            #expect(dashboard.components(separatedBy: "class=\"streak-day ").count - 1 == 14)
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("dashboard-streak-390x844.png"))
            let dashboardFits = try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool
            #expect(dashboardFits == true)

            try await browser.open("\(site)/badges")
            let badges = try await browser.source()
            #expect(!badges.contains("id=\"celebration\""), "the celebration plays once")
            #expect(badges.contains("id=\"badge-first-step\""))
            #expect(badges.contains("kc-badge-earned"))
            #expect(badges.contains("kc-badge-locked"))
            let svgCount = try await browser.evaluate("return document.querySelectorAll('#badges svg').length;") as? Int
            #expect((svgCount ?? 0) >= 15)
            // Earned first.
            let firstCard = try await browser.evaluate("return document.querySelector('#badges li').id;") as? String
            #expect(firstCard == "badge-first-step")
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("badges-390x844.png"))
            let fits = try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool
            #expect(fits == true)

            // A goal from the form, shown with its progress bar on /goals and on the dashboard.
            try await browser.open("\(site)/goals")
            #expect(try await browser.source().contains("id=\"no-goals\""))
            try await browser.type("56", into: "#goal-target")
            try await browser.submit("#create-goal")
            let goals = try await browser.source()
            #expect(goals.contains("class=\"goal-card "))
            #expect(goals.contains("≤ 56"))
            try await browser.screenshot().write(to: BrowserHarness.artifacts.appendingPathComponent("goals-390x844.png"))
            let goalsFit = try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool
            #expect(goalsFit == true)
            try await browser.open("\(site)/")
            #expect(try await browser.source().contains("class=\"goal-strip\""))
        }
    }
}
