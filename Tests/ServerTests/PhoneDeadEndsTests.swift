import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Storage
import Testing
import WaitTimes

/// Issue 15's items a person meets on a phone, checked over real HTTP: no dead ends, every place reachable,
/// imports that refuse the future, Japanese that reads as Japanese, and pages that tell the truth.
@Suite struct PhoneDeadEndsTests {
    // MARK: Dead ends

    @Test func signingOutWorksFromAnErrorPage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let missing = try await browser.get("/imports/999")
            #expect(missing.status == .notFound)
            let token = try #require(WebSession.csrfToken(in: missing.text), "the error page's sign-out form carries the session's token")
            let out = try await browser.post("/signout", form: ["csrf": token])
            #expect(out.status == .seeOther)
            #expect(try await browser.get("/records").status == .seeOther, "signed out: the records page sends to sign-in")
        }
    }

    @Test func olderRecordsLinkOnlyWhenSomethingIsOlder() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let html = try await browser.get("/records").text
            let token = try #require(WebSession.csrfToken(in: html))
            for day in 1...RecordsWebController.pageSize {
                let when = day <= 28 ? String(format: "2026-01-%02dT07:00", day) : String(format: "2026-02-%02dT07:00", day - 28)
                _ = try await browser.post("/records", form: ["csrf": token, "metric": "bodyMass", "value": "60", "when": when])
            }
            let full = try await browser.get("/records").text
            #expect(full.components(separatedBy: "/delete\"").count - 1 == RecordsWebController.pageSize)
            #expect(!full.contains("&amp;cursor="), "exactly one page: nothing is older: \(full.components(separatedBy: "cursor=").dropFirst().map { $0.prefix(40) })")
            _ = try await browser.post("/records", form: ["csrf": token, "metric": "bodyMass", "value": "61", "when": "2025-12-31T07:00"])
            let more = try await browser.get("/records").text
            let range = try #require(more.range(of: #"metric=&amp;cursor=[^"]+"#, options: .regularExpression))
            let older = try await browser.get("/records?" + more[range].replacingOccurrences(of: "&amp;", with: "&")).text
            #expect(older.contains("2025-12-31"))
            #expect(!older.contains("&amp;cursor="), "the last page links nowhere, least of all to itself")
        }
    }

    @Test func nearestFirstWorksWithoutJavaScriptOrLocation() async throws {
        let clock = TestClock(Tokyo.at("2026-11-20 12:00"))
        let (server, _) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            var browser = WebSession(client)
            let page = try await browser.get("/sawayaka").text
            #expect(page.contains(#"<form method="get" action="/sawayaka" id="wt-nearest-form">"#))
            #expect(!page.contains("id=\"wt-nearest\" class=\"link\" hidden"), "the control is not hidden until a script shows it")
            #expect(page.contains("JavaScript がオフのとき"), "the page says what happens without a location")
            let sorted = try await browser.get("/sawayaka?from=numazu-gakuendori").text
            let first = WaitTimesWebTests.items(sorted).first ?? ""
            #expect(first.contains("沼津学園通り店") || first.contains("長泉店"), "nearest to the chosen store first")
            #expect(sorted.contains("id=\"wt-near-from\""))
            #expect(sorted.contains("id=\"wt-bywait\""))
            let kana = try await browser.get("/sawayaka?q=" + "ごてんば".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!).text
            #expect(WaitTimesWebTests.items(kana).count == 2, "hiragana finds 御殿場")
        }
    }

    @Test func aStaleWaitIsGreyedAndSaysNotUpdated() async throws {
        let noon = Tokyo.at("2026-11-20 12:00")
        let (server, _) = try await TestServer.waitTimes(at: TestClock(noon))
        try await server.observe("wago", 45, at: noon.addingTimeInterval(-45 * 60))
        try await server.test { client in
            var browser = WebSession(client)
            let html = try await browser.get("/sawayaka").text
            #expect(html.contains(#"<span class="wt-badge wt-yellow wt-badge-stale">45分待ち · 更新なし</span>"#))
            #expect(try await browser.get("/sawayaka/wago").text.contains("wt-badge-stale"))
        }
    }

    static let exportWithAFutureSampleAndABadWorkout = """
    <?xml version="1.0" encoding="UTF-8"?>
    <HealthData locale="ja_JP">
     <ExportDate value="2026-01-10 21:00:00 +0900"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-09 07:00:00 +0900" endDate="2026-01-09 07:00:00 +0900" value="63.5"/>
     <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2099-01-09 07:00:00 +0900" endDate="2099-01-09 07:00:00 +0900" value="99.5"/>
     <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Watch" startDate="yesterday" endDate="today"/>
    </HealthData>
    """

    func upload(_ data: Data, name: String, browser: inout WebSession) async throws -> String {
        let html = try await browser.get("/records").text
        let token = try #require(WebSession.csrfToken(in: html))
        var headers = browser.headers
        headers[.contentType] = "multipart/form-data; boundary=KirokuBoundary7MA4YWxk"
        let posted = try await browser.client.execute(
            uri: "/imports", method: .post, headers: headers, body: ImportsAPITests.multipart(data, name: name, fields: [("csrf", token)])
        )
        let location = try #require(posted.headers[.location])
        for _ in 0..<200 {
            let page = try await browser.get(location).text
            if !page.contains("http-equiv=\"refresh\"") { return page }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("import did not finish")
        return ""
    }

    /// Issue 15: a HealthKit type Kiroku does not know was listed by its English identifier on a Japanese page.
    @Test func anUnknownHealthKitTypeIsNamedInThePagesLanguage() async throws {
        let export = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="ja_JP">
             <ExportDate value="2026-01-10 21:00:00 +0900"/>
             <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-09 07:00:00 +0900" endDate="2026-01-09 07:00:00 +0900" value="63.5"/>
             <Record type="HKQuantityTypeIdentifierUnderwaterDepthSpeed" sourceName="Watch" unit="m/s" startDate="2026-01-09 08:00:00 +0900" endDate="2026-01-09 08:00:00 +0900" value="0.4"/>
            </HealthData>
            """
        let server = try TestServer()
        try await server.test(configuration: ImportsAPITests.configuration()) { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let summary = try await upload(Data(export.utf8), name: "export.xml", browser: &browser)
            #expect(summary.contains("未対応の種類（UnderwaterDepthSpeed）"), "said in Japanese, with its short name")
            #expect(!summary.contains("HKQuantityTypeIdentifierUnderwaterDepthSpeed"))
        }
    }

    @Test func anImportKeepsTheFutureRawAndSaysWhyItSkipped() async throws {
        let server = try TestServer()
        try await server.test(configuration: ImportsAPITests.configuration()) { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let summary = try await upload(Data(Self.exportWithAFutureSampleAndABadWorkout.utf8), name: "export.xml", browser: &browser)
            #expect(summary.contains("id=\"import-skipped\""), "the skip is explained")
            #expect(summary.contains("日付が読めないか範囲外"), "in words, not a code")
            #expect(!summary.contains("bad_date"))
            #expect(summary.contains("<td>体重（未変換）</td>"), "the future sample is counted under its own name, kept raw")
            let records = try await browser.get("/records").text
            #expect(records.contains("63.5"))
            #expect(!records.contains("99.5"), "a sample dated 2099 does not top the records")
        }
    }

    @Test func aPictureUploadedAsAnExportIsExplainedInOneLanguage() async throws {
        let server = try TestServer()
        try await server.test(configuration: ImportsAPITests.configuration()) { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
            png.append(Data(repeating: 0x41, count: 200))
            let summary = try await upload(png, name: "photo.png", browser: &browser)
            #expect(summary.contains("ヘルスケアの書き出しではありません"))
            #expect(!summary.contains("XML が壊れています"))
            let error = String(summary[try #require(summary.range(of: #"id="import-error">[^<]+"#, options: .regularExpression))])
            #expect(error.range(of: "[A-Za-z]{4,}", options: .regularExpression) == nil || error.contains("CSV") || error.contains("export"), "no English sentence in the Japanese message: \(error)")
        }
    }

    // MARK: Unreachable places

    @Test func theInboxIsInTheNavigationWithItsUnreadCount() async throws {
        let clock = TestClock(Tokyo.at("2026-11-22 13:00"))
        let (server, token) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let before = try await browser.get("/records").text
            #expect(before.contains(#"<a href="/inbox" id="nav-inbox""#))
            #expect(!before.contains("id=\"nav-unread\""))
            _ = try await browser.submit(page: "/sawayaka/gotemba-ic", to: "/sawayaka/gotemba-ic/alerts", form: ["maxMinutes": "30"])
            clock.set(Tokyo.at("2026-11-22 13:20"))
            let put = try await client.execute(uri: "/api/stores/gotemba-ic/waittime", method: .put, headers: .operatorToken(token), body: jsonBody(["minutes": 20]))
            #expect(put.status == .ok)
            let after = try await browser.get("/records").text
            #expect(after.contains(#"id="nav-unread" aria-label="未読 1">1</span>"#))
            _ = try await browser.submit(page: "/inbox", to: "/inbox/read", form: [:])
            #expect(!(try await browser.get("/").text.contains("id=\"nav-unread\"")))
        }
    }

    @Test func theLanguageSwitchWorksSignedInEvenWhenTheProfileNamesALanguage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/settings", to: "/settings/profile", form: ["displayName": "花子", "timeZone": "Asia/Tokyo", "language": "ja"])
            let japanese = try await browser.get("/records").text
            #expect(japanese.contains(#"<form method="post" action="/lang/en""#), "a visible switch when signed in")
            let switched = try await browser.submit(page: "/records", to: "/lang/en", form: ["next": "/records"])
            #expect(switched.status == .seeOther)
            #expect(switched.headers[.location] == "/records")
            let english = try await browser.get("/records").text
            #expect(english.contains("<html lang=\"en\">"))
            let back = try await browser.get("/lang/ja?next=/records")
            #expect(back.status == .seeOther)
            #expect(try await browser.get("/records").text.contains("<html lang=\"ja\">"), "the plain link works too")
        }
    }

    // MARK: Imports and the form take no impossible dates

    @Test func theRecordFormRefusesYearsBefore1900AndReadsFullWidthDigits() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let old = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "62", "when": "1890-05-01T07:00"])
            #expect(old.status == .badRequest)
            let wide = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "６２．５", "when": "2026-01-10T07:00"])
            #expect(wide.status == .seeOther, "６２．５ from a Japanese keyboard is 62.5")
            let page = try await browser.get("/records").text
            #expect(page.contains("62.5"))
            #expect(!page.contains("1890"))
        }
    }

    // MARK: Japanese that is Japanese

    @Test func unitsAreWordsNotCodes() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "mindfulMinutes", "value": "10", "when": "2026-01-10T07:00"])
            let page = try await browser.get("/records").text
            for code in ["(count)", "(count/min)", "(degC)", "(min)"] {
                #expect(!page.contains(code), "\(code) is a code, not a unit")
            }
            #expect(page.contains("(歩)") && page.contains("(回/分)") && page.contains("(℃)") && page.contains("(分)"))
            #expect(page.contains("10 分"))
        }
    }

    @Test func oneDayIsADayInEnglish() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.get("/lang/en?next=/")
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "62"])
            let dashboard = try await browser.get("/").text
            #expect(dashboard.contains(#"<strong id="streak-current">1</strong> day</span>"#))
            #expect(!dashboard.contains("1</strong> days"))
            #expect(try await browser.get("/tasks").text.contains("0</span> <small>days</small>"), "zero is plural")
        }
    }

    // MARK: Honesty

    @Test func aDisplayNameOver64CharactersIsRefusedNotCut() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let long = String(repeating: "花", count: 65)
            let refused = try await browser.submit(page: "/settings", to: "/settings/profile", form: ["displayName": long, "timeZone": "Asia/Tokyo"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("表示名は 64 文字以内"))
            #expect(!refused.text.contains("保存しました"))
            #expect(try await server.database.user(username: "hanako")?.displayName == "hanako", "nothing was saved")
            let fits = try await browser.submit(page: "/settings", to: "/settings/profile", form: ["displayName": String(long.dropLast()), "timeZone": "Asia/Tokyo"])
            #expect(fits.status == .seeOther)
        }
    }

    @Test func aWorkoutDayShowsEstimatedMaxesPerLiftNotOneAverage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.squat, "weight": "100", "reps": "5", "when": "2026-11-16T10:00"])
            _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "60", "reps": "5", "when": "2026-11-16T10:30"])
            let day = try await browser.get("/workouts/day/2026-11-16").text
            #expect(day.components(separatedBy: "平均推定1RM").count - 1 == 2, "one per lift, none mixing squat and bench")
            #expect(day.contains("id=\"day-volume\""))
        }
    }
}
