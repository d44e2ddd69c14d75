import Foundation
import Hummingbird
import HummingbirdTesting
import Server
import Storage
import Testing

@Suite struct DashboardWebTests {
    @Test func dashboardShowsTodaysTilesBMIAndTheDistanceToTheTarget() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let before = try await browser.get("/").text
            #expect(!before.contains("id=\"body-facts\""), "no weight yet, nothing to say about the body")

            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "70"])
            let hint = try await browser.get("/").text
            #expect(hint.contains("身長と目標体重"))

            _ = try await browser.submit(page: "/settings", to: "/settings/profile", form: ["heightCm": "170", "targetWeightKg": "65", "timeZone": "Asia/Tokyo", "language": "ja", "displayName": "はなこ"])
            let page = try await browser.get("/").text
            #expect(page.contains("BMI 24.2"))
            #expect(page.contains("普通体重"))
            #expect(page.contains("目標まであと 5.0 kg"))
            #expect(page.contains("id=\"tile-bodyMass\""))
            #expect(page.contains("class=\"kc-goal\""), "the target weight is drawn on the chart")
            #expect(page.contains("目標 65.0 kg"))
        }
    }

    @Test func rangeSwitchChangesTheChartSpanAndIgnoresUnknownRanges() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let year = try await browser.get("/?range=365").text
            #expect(year.contains("href=\"/?range=365\" aria-current=\"true\""))
            let odd = try await browser.get("/?range=12345").text
            #expect(odd.contains("href=\"/?range=30\" aria-current=\"true\""))
        }
    }

    @Test func signedOutVisitorsAreSentToSignIn() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let response = try await browser.get("/")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/signin")
        }
    }
}
