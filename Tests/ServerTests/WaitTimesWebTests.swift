import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing
import WaitTimes

@Suite struct WaitTimesWebTests {
    static let fridayNoon = Tokyo.at("2026-11-20 12:00")

    static func items(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"wt-store\"").dropFirst().map { String($0.prefix(while: { $0 != "\u{0}" })) }
    }

    @Test func theListShowsEveryStoreWithColouredWaitsAndFiltersClearBackToAll() async throws {
        let clock = TestClock(Self.fridayNoon)
        let (server, _) = try await TestServer.waitTimes(at: clock)
        try await server.observe("sasagase", 25, at: Self.fridayNoon.addingTimeInterval(-120))
        try await server.observe("wago", 45, at: Self.fridayNoon.addingTimeInterval(-120))
        try await server.observe("gotemba-ic", 150, at: Self.fridayNoon.addingTimeInterval(-120))
        try await server.observe("iwata", 35, at: Self.fridayNoon.addingTimeInterval(-45 * 60))
        try await server.test { client in
            var browser = WebSession(client)
            let page = try await browser.get("/sawayaka")
            #expect(page.status == .ok)
            let html = page.text
            #expect(Self.items(html).count == 35)
            #expect(html.contains(#"<span class="wt-badge wt-green">25分待ち</span>"#))
            #expect(html.contains(#"<span class="wt-badge wt-yellow">45分待ち</span>"#))
            #expect(html.contains(#"<span class="wt-badge wt-red">150分待ち</span>"#))
            #expect(html.contains("データ更新失敗"), "Iwata's figure is 45 minutes old")
            #expect(html.contains("最終更新 11:15"), "the stale figure shows its own time")
            #expect(html.contains("待ち時間不明"))
            #expect(html.contains("営業中（L.O. 21:00）"), "hours alone say a store is open")
            #expect(!html.contains("id=\"wt-clear\""), "nothing to clear")
            #expect(html.contains("/static/sawayaka.js"))
            #expect(html.components(separatedBy: "<circle").count - 1 == 32, "a dot for every store with a known location")
            #expect(html.contains(#"<a href="/sawayaka/sasagase">"#))

            let filtered = try await browser.get("/sawayaka?max=30&region=hamamatsu").text
            #expect(Self.items(filtered).count == 1)
            #expect(filtered.contains("浜松篠ケ瀬店"))
            #expect(filtered.contains(#"<a href="/sawayaka" id="wt-clear">"#))
            let searched = try await browser.get("/sawayaka?q=%E5%BE%A1%E6%AE%BF%E5%A0%B4").text
            #expect(Self.items(searched).count == 2)
            let nothing = try await browser.get("/sawayaka?q=zzz").text
            #expect(nothing.contains("条件に合う店舗はありません"))
            let near = try await browser.get("/sawayaka?lat=35.30&lon=138.93").text
            #expect(Self.items(near).first?.contains("御殿場インター店") == true)
            #expect(near.contains("id=\"wt-bywait\""))
        }
        clock.set(Tokyo.at("2026-11-20 23:00"))
        try await server.test { client in
            let night = try await client.execute(uri: "/sawayaka", method: .get, headers: [.acceptLanguage: "ja"]).text
            #expect(night.components(separatedBy: "wt-gray\">営業時間外</span>").count - 1 == 35)
            #expect(night.contains("次の開店 11/21 10:30"))
            let english = try await client.execute(uri: "/sawayaka", method: .get, headers: [.acceptLanguage: "en"]).text
            #expect(english.contains("Closed now"))
        }
    }

    @Test func detailHasMapAndPhoneLinksTheWeeksHoursWithHolidaysAndAHeatMap() async throws {
        let clock = TestClock(Tokyo.at("2026-11-21 12:00"))
        let (server, _) = try await TestServer.waitTimes(at: clock)
        for week in 1...3 {
            try await server.observe("gotemba-ic", 120, at: Tokyo.at("2026-11-21 13:00").addingTimeInterval(Double(-7 * week) * 86_400))
            try await server.observe("gotemba-ic", 15, at: Tokyo.at("2026-11-21 20:00").addingTimeInterval(Double(-7 * week) * 86_400))
        }
        try await server.test { client in
            let html = try await client.execute(uri: "/sawayaka/gotemba-ic", method: .get, headers: [.acceptLanguage: "ja"]).text
            #expect(html.contains(#"<a href="tel:0550828855">0550-82-8855</a>"#))
            #expect(html.contains("https://www.google.com/maps/search/?api=1&amp;query=35.300789,138.93884"))
            #expect(html.contains("勤労感謝の日"), "Monday 11/23 is marked as a holiday")
            #expect(html.contains("11/26 (木)"))
            #expect(html.contains("定休日"), "Thursday 11/26")
            #expect(html.contains("10:45–22:00"))
            #expect(html.contains("kc-heatmap"))
            #expect(html.contains("<title>土 13: 120分</title>"))
            #expect(html.contains("20:00頃（予想 約15分待ち）"))
            #expect(html.contains(#"<a href="/sawayaka/gotemba-ic?date=2026-11-23#wt-best">11/23 (月)</a>"#), "each open day links to its forecast")
            #expect(!html.contains("date=2026-11-26"), "not the closed Thursday")
            let monday = try await client.execute(uri: "/sawayaka/gotemba-ic?date=2026-11-23", method: .get, headers: [.acceptLanguage: "ja"]).text
            #expect(monday.contains("予測日 11/23 (月)"))
            #expect(monday.contains("20:00頃（予想 約15分待ち）"), "the holiday Monday learns from Saturdays")
            #expect(html.contains("/signin?next=/sawayaka/gotemba-ic"), "alerts need an account")

            let noPhone = try await client.execute(uri: "/sawayaka/kosai", method: .get, headers: [.acceptLanguage: "ja"]).text
            #expect(noPhone.contains(#"<dd id="wt-phone">—</dd>"#))
            #expect(noPhone.contains(#"<dd id="wt-address">—</dd>"#), "no address, no coordinate: nothing invented")
            #expect(try await client.execute(uri: "/sawayaka/atlantis", method: .get).status == .notFound)
        }
    }

    @Test func anAlertFiresExactlyOnceIntoTheInbox() async throws {
        let clock = TestClock(Tokyo.at("2026-11-22 13:00"))
        let (server, token) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let bad = try await browser.submit(page: "/sawayaka/gotemba-ic", to: "/sawayaka/gotemba-ic/alerts", form: ["maxMinutes": "lots"])
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("待ち時間は 0〜1440 分で指定してください。"), "the page says why")
            #expect(bad.text.contains(#"value="lots""#), "and keeps what was typed")
            #expect(try await server.database.alerts(userId: 1).isEmpty)
            let saved = try await browser.submit(page: "/sawayaka/gotemba-ic", to: "/sawayaka/gotemba-ic/alerts", form: ["maxMinutes": "30", "from": "13:00", "until": "18:00"])
            #expect(saved.status == .seeOther)
            #expect(try await browser.get("/sawayaka/gotemba-ic?notice=saved").text.contains("待機中"))

            for (minutes, time) in [(90, "13:10"), (30, "13:20"), (20, "13:30"), (10, "13:40")] {
                clock.set(Tokyo.at("2026-11-22 \(time)"))
                let put = try await client.execute(uri: "/api/stores/gotemba-ic/waittime", method: .put, headers: .operatorToken(token), body: jsonBody(["minutes": minutes]))
                #expect(put.status == .ok)
            }
            let inbox = try await browser.get("/inbox").text
            #expect(inbox.components(separatedBy: "<strong>").count - 1 == 1, "exactly one message")
            #expect(inbox.contains("さわやか 御殿場インター店が30分待ちになりました"))
            #expect(try await browser.get("/sawayaka/gotemba-ic").text.contains("通知済み"))
            _ = try await browser.submit(page: "/inbox", to: "/inbox/read", form: [:])
            #expect(!(try await browser.get("/inbox").text.contains("wt-unread")))

            let document = try await browser.get("/settings/export.json").json()
            #expect((document["waitAlerts"] as? [Any])?.count == 1, "alerts are part of the user's export")
            #expect((document["inbox"] as? [Any])?.count == 1)

            var other = WebSession(client)
            _ = try await other.signUp("taro")
            #expect(try await other.get("/inbox").text.contains("お知らせはありません"), "another user's inbox stays empty")
        }
    }
}
