import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Storage
import Testing

/// The weight page's forecast without a saved target. The page used to tell people to add `?target=` to the address;
/// now it has a form, which keeps the period on screen and refuses a target it cannot use readably, in both languages.
@Suite struct WeightTargetFormTests {
    /// A signed-in browser for `username`, who has six weeks of a steady loss and no target in the profile.
    static func withSixWeeksOfWeighings(_ username: String, _ body: @escaping @Sendable (TestServer, inout WebSession) async throws -> Void) async throws {
        let server = try TestServer(clock: WeightTrendAPITests.now)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp(username)
            let user = try #require(try await server.database.user(username: username))
            let (token, _) = try await server.accounts.createToken(for: user.id!, name: "t", now: Date())
            let posted = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(token), body: jsonBody(["records": WeightTrendAPITests.steadyLoss()]))
            #expect(posted.status.code < 300, "\(posted.text)")
            try await body(server, &browser)
        }
    }

    @Test func aTargetTypedIntoTheFormShowsTheForecastForTheSamePeriod() async throws {
        try await Self.withSixWeeksOfWeighings("akiko") { server, browser in

            let page = try await browser.get("/trends/bodyMass?period=month&date=2026-11-10").text
            #expect(!page.contains("?target="), "no address to edit by hand")
            #expect(page.contains("下に目標を入れると予測を表示します"))
            let form = try #require(page.components(separatedBy: "id=\"target-form\"").dropFirst().first?.components(separatedBy: "</form>").first)
            #expect(form.contains(#"name="period" value="month""#))
            #expect(form.contains(#"name="date" value="2026-11-01""#))
            #expect(form.contains(#"name="target""#))

            // What the form sends: the same month, now with a forecast, and the steps to other months keep the target.
            let forecast = try await browser.get("/trends/bodyMass?period=month&date=2026-11-01&target=75")
            #expect(forecast.status == .ok)
            #expect(forecast.text.contains("80% の確率で"))
            #expect(forecast.text.contains(#"value="75""#), "the form shows the target in use")
            #expect(forecast.text.contains("date=2026-10-31&amp;target=75.0\" rel=\"prev\""))
            #expect((try await server.database.user(username: "akiko"))?.targetWeightKg == nil, "nothing is saved")
        }
    }

    @Test func aTargetOutOfRangeIsRefusedAboveTheFormInBothLanguages() async throws {
        try await Self.withSixWeeksOfWeighings("kenta") { _, browser in

            let refused = try await browser.get("/trends/bodyMass?period=month&target=700")
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("目標体重「700」は使えません"))
            #expect(refused.text.contains("id=\"weight-trend\""), "the page is still there")
            let form = try #require(refused.text.components(separatedBy: "id=\"target-form\"").dropFirst().first?.components(separatedBy: "</form>").first)
            #expect(form.contains(#"value="700""#), "what was typed stays in the field")
            #expect(refused.text.contains(#"name="from" value="2026-11-01""#), "the period's own form still shows the period")

            _ = try await browser.get("/lang/en?next=/")
            let inEnglish = try await browser.get("/trends/bodyMass?period=month&target=700")
            #expect(inEnglish.status == .badRequest)
            #expect(inEnglish.text.contains("The target weight &quot;700&quot; is not usable") || inEnglish.text.contains("The target weight \"700\" is not usable"))
        }
    }
}
