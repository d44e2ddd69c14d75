import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Testing
import WaitTimes

/// A QA tour's untranslated and mixed text: each page, read in Japanese and then in English, says everything in the
/// page's language — what a screen reader reads out (aria-labels), import kinds, the alert format, units, city names.
@Suite struct PageLanguageTests {
    /// Reads `path` in Japanese, switches the browser to English, reads it again, and switches back.
    static func both(_ path: String, _ browser: inout WebSession) async throws -> (ja: String, en: String) {
        _ = try await browser.get("/lang/ja?next=/")
        let japanese = try await browser.get(path).text
        _ = try await browser.get("/lang/en?next=/")
        let english = try await browser.get(path).text
        _ = try await browser.get("/lang/ja?next=/")
        #expect(japanese.contains("<html lang=\"ja\">"))
        #expect(english.contains("<html lang=\"en\">"))
        return (japanese, english)
    }

    /// Every `aria-label`, `title`, `alt` and `placeholder` value of a page.
    static func labels(_ html: String) -> [String] {
        let pattern = #/(?:aria-label|title|alt|placeholder)="([^"]*)"/#
        return html.matches(of: pattern).map { String($0.output.1) }
    }

    @Test func navigationLandmarksAreNamedInThePagesLanguage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let expected: [(path: String, ja: String, en: String)] = [
                ("/", "表示する期間", "Time range"),
                ("/tasks", "絞り込み", "Filters"),
                ("/workouts", "表示する期間", "Time range"),
                ("/trends/bodyMass", "表示する期間", "Time range"),
            ]
            for page in expected {
                let (japanese, english) = try await Self.both(page.path, &browser)
                #expect(japanese.contains(#"<nav id="main-nav" aria-label="メインメニュー">"#), "\(page.path)")
                #expect(english.contains(#"<nav id="main-nav" aria-label="Main menu">"#), "\(page.path)")
                #expect(japanese.contains(#"aria-label="\#(page.ja)""#), "\(page.path)")
                #expect(english.contains(#"aria-label="\#(page.en)""#), "\(page.path)")
                for english in ["main", "range", "filters", "span", "period", "language"] {
                    #expect(!Self.labels(japanese).contains(english), "\(page.path) reads out “\(english)” in Japanese")
                }
                #expect(!Self.labels(english).contains("main"), "\(page.path)")
            }
        }
        // Signed out, the language switch is a landmark too.
        try await server.test { client in
            var browser = WebSession(client)
            let (japanese, english) = try await Self.both("/signin", &browser)
            #expect(japanese.contains(#"<nav aria-label="言語">"#))
            #expect(english.contains(#"<nav aria-label="Language">"#))
        }
    }

    /// An export with a workout that has heart-rate statistics and the elements Kiroku keeps raw.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="ja_JP">
         <ExportDate value="2026-01-10 21:00:00 +0900"/>
         <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexFemale"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" startDate="2026-01-09 07:00:00 +0900" endDate="2026-01-09 07:00:00 +0900" value="63.5"/>
         <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" startDate="2026-01-09 07:05:00 +0900" endDate="2026-01-09 07:05:00 +0900">
          <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 07:05:00 +0900" endDate="2026-01-09 07:05:00 +0900" value="118"/>
          <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" startDate="2026-01-09 07:05:00 +0900" endDate="2026-01-09 07:05:00 +0900" value="76"/>
         </Correlation>
         <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="30" durationUnit="min" sourceName="Apple Watch" startDate="2026-01-08 06:00:00 +0900" endDate="2026-01-08 06:30:00 +0900">
          <WorkoutStatistics type="HKQuantityTypeIdentifierHeartRate" startDate="2026-01-08 06:00:00 +0900" endDate="2026-01-08 06:30:00 +0900" average="150" minimum="95" maximum="178" unit="count/min"/>
         </Workout>
         <ActivitySummary dateComponents="2026-01-08" activeEnergyBurned="420" activeEnergyBurnedGoal="400" activeEnergyBurnedUnit="Cal" appleExerciseTime="35" appleExerciseTimeGoal="30" appleStandHours="10" appleStandHoursGoal="12"/>
         <ClinicalRecord type="HKClinicalTypeIdentifierLabResultRecord" identifier="lab-1" sourceName="Hospital" sourceURL="https://example.org/fhir/Observation/1" fhirVersion="4.0.1" receivedDate="2026-01-05 10:00:00 +0900" resourceFilePath="/clinical-records/Observation-1.json"/>
         <Audiogram type="HKDataTypeIdentifierAudiogram" sourceName="Mimi" startDate="2026-01-04 10:00:00 +0900" endDate="2026-01-04 10:10:00 +0900"/>
        </HealthData>
        """

    /// Uploads `export` from the records page and returns the finished import's address.
    static func upload(_ browser: inout WebSession) async throws -> String {
        let html = try await browser.get("/records").text
        let token = try #require(WebSession.csrfToken(in: html))
        var headers = browser.headers
        headers[.contentType] = "multipart/form-data; boundary=KirokuBoundary7MA4YWxk"
        let posted = try await browser.client.execute(
            uri: "/imports", method: .post, headers: headers, body: ImportsAPITests.multipart(Data(export.utf8), name: "export.xml", fields: [("csrf", token)])
        )
        let location = try #require(posted.headers[.location])
        for _ in 0..<200 {
            if !(try await browser.get(location).text.contains("http-equiv=\"refresh\"")) { return location }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("import did not finish")
        return location
    }

    @Test func anImportSummaryNamesEveryKindAndAWorkoutsHeartRateHasTheLanguagesUnit() async throws {
        let server = try TestServer()
        try await server.test(configuration: ImportsAPITests.configuration()) { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let location = try await Self.upload(&browser)
            let (japanese, english) = try await Self.both(location, &browser)
            for name in ["アクティビティの概要", "臨床記録", "プロフィール", "聴力検査", "血圧（最高・最低の組）"] {
                #expect(japanese.contains("<td>\(name)</td>"), "\(name)")
            }
            for name in ["Activity summaries", "Clinical records", "Profile", "Hearing tests", "Blood pressure (pairs)"] {
                #expect(english.contains("<td>\(name)</td>"), "\(name)")
            }
            for raw in ["ActivitySummary", "ClinicalRecord", "<td>Me</td>", "Audiogram", "未対応の種類（BloodPressure）", "HKCorrelationTypeIdentifier"] {
                #expect(!japanese.contains(raw), "\(raw)")
                #expect(!english.contains(raw), "\(raw)")
            }
            for name in ["アクティビティの概要", "臨床記録", "血圧"] { #expect(!english.contains(name), "\(name)") }

            let list = try await browser.get("/records/workouts").text
            let link = try #require(list.firstMatch(of: #/href="(/records/workouts/\d+)"/#)?.output.1)
            let (workoutJa, workoutEn) = try await Self.both(String(link), &browser)
            #expect(workoutJa.contains("<dd>150 回/分（95–178）</dd>"))
            #expect(!workoutJa.contains("bpm"))
            #expect(workoutEn.contains("<dd>150 bpm (95–178)</dd>"))
            #expect(!workoutEn.contains("回/分"))
        }
    }

    @Test func theAlertFormatIsNamedAsOnTheRemindersPage() async throws {
        let clock = TestClock(WaitTimesWebTests.fridayNoon)
        let (server, _) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let (japanese, english) = try await Self.both("/sawayaka/sasagase", &browser)
            #expect(japanese.contains(#"<option value="ntfy">ntfy（通知アプリ）</option>"#))
            #expect(japanese.contains(#"<option value="json">JSON（Webhook）</option>"#))
            #expect(english.contains(#"<option value="ntfy">ntfy (notification app)</option>"#))
            #expect(english.contains(#"<option value="json">JSON (webhook)</option>"#))
            for page in [japanese, english] { #expect(!page.contains("ntfy (text)")) }
            let (remindersJa, remindersEn) = try await Self.both("/settings/reminders", &browser)
            #expect(remindersJa.contains(">ntfy（通知アプリ）</option>"))
            #expect(remindersEn.contains(">ntfy (notification app)</option>"))
        }
    }

    @Test func englishSawayakaPagesNameCitiesInEnglishAndTheSearchExampleWorks() async throws {
        let clock = TestClock(WaitTimesWebTests.fridayNoon)
        let (server, _) = try await TestServer.waitTimes(at: clock)
        try await server.test { client in
            var browser = WebSession(client)
            let (japanese, english) = try await Self.both("/sawayaka", &browser)
            // The map's city labels.
            #expect(japanese.contains(">浜松市</text>"))
            #expect(english.contains(">Hamamatsu</text>"))
            #expect(english.contains(">Gotemba</text>"))
            for city in ["浜松市", "静岡市", "御殿場市", "沼津市"] { #expect(!english.contains(">\(city)</text>"), "\(city)") }
            // The search example, and what it promises.
            #expect(japanese.contains(#"placeholder="例: 御殿場""#))
            #expect(english.contains(#"placeholder="e.g. Gotemba or Hamamatsu""#))
            #expect(!english.contains("御殿場 or 浜松"))
            _ = try await browser.get("/lang/en?next=/")
            let gotemba = try await browser.get("/sawayaka?q=Gotemba").text
            #expect(WaitTimesWebTests.items(gotemba).count == 2)
            let hamamatsu = try await browser.get("/sawayaka?q=hamamatsu").text
            #expect(WaitTimesWebTests.items(hamamatsu).count == 12, "every store in 浜松市")
            _ = try await browser.get("/lang/ja?next=/")
            let kanji = try await browser.get("/sawayaka?q=%E6%B5%9C%E6%9D%BE").text
            #expect(WaitTimesWebTests.items(kanji).count == 10, "a Japanese search still reads store names, not cities")

            let (storeJa, storeEn) = try await Self.both("/sawayaka/gotemba-ic", &browser)
            #expect(storeJa.contains(#"<p class="muted">御殿場・長泉・沼津・富士 · 御殿場市</p>"#))
            #expect(storeEn.contains(#"<p class="muted">Gotemba, Nagaizumi, Numazu, Fuji · Gotemba</p>"#))
            let (hamamatsuJa, hamamatsuEn) = try await Self.both("/sawayaka/sasagase", &browser)
            #expect(hamamatsuJa.contains(#"<p class="muted">浜松 · 浜松市</p>"#))
            #expect(hamamatsuEn.contains(#"<p class="muted">Hamamatsu</p>"#), "not Hamamatsu · Hamamatsu, nor · 浜松市")
            #expect(!hamamatsuEn.contains("· 浜松市"))
        }
    }

    @Test func everyMunicipalityInTheDirectoryHasAnEnglishName() {
        for store in StoreDirectory.shipped {
            #expect(store.municipalityEnglishName != nil, "\(store.id) in \(store.municipality)")
        }
    }
}
