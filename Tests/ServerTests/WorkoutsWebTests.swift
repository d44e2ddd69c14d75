import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

@Suite struct WorkoutsWebTests {
    /// Issue 15: the span switch read "4w / 12w", which is not Japanese.
    @Test func theSpanSwitchIsWrittenInWords() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let page = try await browser.get("/workouts?span=4w").text
            #expect(page.contains(#"<a href="/workouts?span=4w" aria-current="true">4週間</a>"#))
            #expect(page.contains(">52週間</a>"))
            #expect(!page.contains(">12w</a>"))
        }
    }

    @Test func loggingASetShowsItTodayAndRepeatingItFromRecentsIsOneTap() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let empty = try await browser.get("/workouts")
            #expect(empty.status == .ok)
            #expect(empty.text.contains("今日はまだセットがありません"))
            #expect(empty.text.contains("<select name=\"exerciseId\""))

            let logged = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "80", "reps": "5", "rpe": "8"])
            #expect(logged.status == .seeOther)
            let location = try #require(logged.headers[.location])
            let page = try await browser.get(location).text
            #expect(page.contains("記録しました"))
            let today = try #require(Self.section("today", in: page))
            #expect(today.contains("ベンチプレス") && today.contains("80 kg × 5") && today.contains("RPE 8"))
            // The recent exercise is a one-tap form carrying the last weight and reps; the main form is pre-filled too.
            #expect(page.contains("＋ ベンチプレス <span>80 kg × 5</span>"))
            #expect(page.contains("id=\"weight\" inputmode=\"decimal\" required value=\"80\""))

            let html = try await browser.get("/workouts").text
            let repeated = try await browser.post("/workouts/sets", form: [
                "csrf": WebSession.csrfToken(in: html)!, "exerciseId": Lifts.bench, "weight": "80", "reps": "5",
            ])
            #expect(repeated.status == .seeOther)
            let after = try await browser.get("/workouts").text
            #expect(Self.section("today", in: after)?.components(separatedBy: "80 kg × 5").count == 3)
        }
    }

    @Test func aDoubleTapStoresTheSetOnce() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let html = try await browser.get("/workouts").text
            let key = try #require(html.range(of: #"name="key" value="([^"]+)""#, options: .regularExpression).map { html[$0].split(separator: "\"")[3] })
            let form = ["csrf": WebSession.csrfToken(in: html)!, "key": String(key), "exerciseId": Lifts.bench, "weight": "80", "reps": "5"]
            #expect(try await browser.post("/workouts/sets", form: form).status == .seeOther)
            #expect(try await browser.post("/workouts/sets", form: form).status == .seeOther)
            let next = try await browser.get("/workouts").text
            #expect(Self.section("today", in: next)?.components(separatedBy: "80 kg × 5").count == 2, "one set, not two")
            #expect(!next.contains("value=\"\(key)\""), "the next page has a fresh key")
        }
    }

    @Test func aPersonalRecordIsAnnouncedOnThePage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "100", "reps": "5", "when": "2026-11-16T10:00"])
            let record = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "105", "reps": "5"])
            let page = try await browser.get(try #require(record.headers[.location])).text
            #expect(page.contains("自己ベスト更新！ ベンチプレス 推定1RM 122.5 kg（これまで 116.7 kg）"))
        }
    }

    @Test func badInputIsExplainedAndStoresNothing() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let refused = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "1200", "reps": "5"])
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains("重量は0〜1000 kgの範囲で入力してください"))
            #expect(refused.text.contains("value=\"1200\""), "the form keeps what was typed")
            let notNumber = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "80", "reps": "five"])
            #expect(notNumber.status == .badRequest)
            #expect(notNumber.text.contains("回数「five」を数字として読めません"), "the reps field is named, not a \"weight x reps\" notation")
            let weightNotNumber = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "abc", "reps": "5"])
            #expect(weightNotNumber.status == .badRequest)
            #expect(weightNotNumber.text.contains("重量「abc」を数字として読めません"))
            #expect(!weightNotNumber.text.contains("重量x回数"))
            let forged = try await browser.post("/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "80", "reps": "5"])
            #expect(forged.status == .forbidden)
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.workoutSetCount(userId: user.id!) == 0)
    }

    @Test func chartsHistoryAndTheDayPage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.squat, "weight": "100", "reps": "5", "when": "2026-11-16T10:00"])
            _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "80", "reps": "5"])
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "64.2"])
            let page = try await browser.get("/workouts?span=52w").text
            let chart = try #require(Self.section("volume-chart", in: page))
            #expect(chart.contains("class=\"kc-bar\""))
            #expect(chart.contains("64.2 kg"), "body weight is drawn over the volume bars")
            #expect(page.contains("推定1RMの推移: ベンチプレス"))
            let history = try #require(Self.section("history", in: page, tag: "section class=\"card\""))
            #expect(history.contains("/workouts/day/2026-11-16"))
            let day = try await browser.get("/workouts/day/2026-11-16")
            #expect(day.status == .ok)
            #expect(day.text.contains("スクワット") && day.text.contains("大腿四頭筋") && day.text.contains("250 kg"))
            #expect(try await browser.get("/workouts/day/2026-11-15").status == .notFound)
        }
    }

    /// The history read "1 sets" in English.
    @Test func theHistoryCountsOneSetInTheSingular() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.squat, "weight": "100", "reps": "5", "when": "2026-11-16T10:00"])
            for weight in ["80", "82.5"] {
                _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": weight, "reps": "5", "when": "2026-11-17T10:00"])
            }
            _ = try await browser.get("/lang/en?next=/workouts")
            let english = try #require(Self.section("history", in: try await browser.get("/workouts").text, tag: "section class=\"card\""))
            #expect(english.contains("1 set ·"), "\(english)")
            #expect(english.contains("2 sets ·"))
            #expect(!english.contains("1 sets"))
            _ = try await browser.get("/lang/ja?next=/workouts")
            let japanese = try #require(Self.section("history", in: try await browser.get("/workouts").text, tag: "section class=\"card\""))
            #expect(japanese.contains("1 セット ·") && japanese.contains("2 セット ·"))
        }
    }

    @Test func theFormulaSettingChangesTheEstimates() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "100", "reps": "5", "when": "2026-11-16T10:00"])
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("116.7 kg"))
            let saved = try await browser.submit(page: "/workouts/settings", to: "/workouts/settings/formula", form: ["formula": "brzycki"])
            #expect(saved.text.contains("計算式を保存しました"))
            #expect(saved.text.contains("<option value=\"brzycki\" selected>"))
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("112.5 kg"))
        }
    }

    @Test func linkingAPhoneMovesItsTrainingIntoTheAccount() async throws {
        let server = try TestServer()
        try await server.test { client in
            let deviceId = UUID().uuidString
            let phone = try await BulkTrackClient.device(client, deviceId: deviceId)
            _ = try await phone.logSet(Lifts.bench, 70, 8, at: "2026-11-16T10:00:00+09:00")
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let malformed = try await browser.submit(page: "/workouts/settings", to: "/workouts/settings/devices", form: ["deviceId": "no such device"])
            #expect(malformed.status == .badRequest)
            #expect(malformed.text.contains("空白を含まない 1〜128 文字"))
            let linked = try await browser.submit(page: "/workouts/settings", to: "/workouts/settings/devices", form: ["deviceId": deviceId])
            // Listed as device ids are kept: a UUID in lower case, whatever case the phone sends it in.
            #expect(linked.text.contains("端末をリンクしました") && linked.text.contains(deviceId.lowercased()))
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("70 kg × 8"))
            // The phone keeps working and now logs into the account.
            _ = try await phone.logSet(Lifts.bench, 72.5, 8, at: "2026-11-16T10:05:00+09:00")
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("72.5 kg × 8"))
        }
    }

    @Test func importingAStrongExportTwiceStoresItOnceAndExportReadsBack() async throws {
        let server = try TestServer()
        let csv = """
            Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2026-11-16 18:30:00,Push,Bench Press (Barbell),1,80,5,0,0,,,8
            2026-11-16 18:30:00,Push,Bench Press (Barbell),2,82.5,5,0,0,,,
            2026-11-16 18:30:00,Push,Zercher Squat,1,60,5,0,0,,,
            2026-11-16 18:30:00,Push,Treadmill,1,0,0,2,600,,,
            """
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let first = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": csv, "unit": "kg"])
            #expect(first.text.contains("3セットを取り込みました"))
            #expect(first.text.contains("Zercher Squat"))
            let second = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": csv, "unit": "kg"])
            #expect(second.text.contains("0セットを取り込みました") && second.text.contains("3セットはすでに記録にありました"))
            let junk = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": "a,b\n1,2", "unit": "kg"])
            #expect(junk.status == .badRequest && junk.text.contains("Strong または Hevy"))

            let export = try await browser.get("/workouts/export.csv")
            #expect(export.headers[.contentType]?.hasPrefix("text/csv") == true)
            #expect(Array(export.body.readableBytesView.prefix(3)) == [0xEF, 0xBB, 0xBF], "a UTF-8 byte-order mark, so Excel reads UTF-8")
            let lines = export.text.split(separator: "\n")
            #expect(lines.count == 4)
            #expect(lines[1] == "2026-11-16 18:30:00,Kiroku,Bench Press,1,80,5,,,,,8", "on the account's clock")
            let plain = try await browser.get("/workouts/export.csv?bom=0")
            #expect(plain.text.hasPrefix("Date,Workout Name,"))
            let wrong = try await browser.get("/workouts/export.csv?bom=maybe")
            #expect(wrong.status == .badRequest)
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.workoutSetCount(userId: user.id!) == 3)
    }

    /// Importing the account's own export back doubled every set: its rows carried other keys than the rows (or
    /// phone logs) the sets came from. A set is now recognised by what it is: exercise, reps, weight and time.
    @Test func importingTheAccountsOwnExportBackAddsNothing() async throws {
        let server = try TestServer()
        // Pounds, so the stored kilograms have many decimals; three identical sets a second apart.
        let strong = """
            Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2026-11-16 18:30:00,Legs,Squat (Barbell),1,225,5,0,0,,,
            2026-11-16 18:30:00,Legs,Squat (Barbell),2,225,5,0,0,,,
            2026-11-16 18:30:00,Legs,Squat (Barbell),3,225,5,0,0,,,
            """
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let imported = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": strong, "unit": "lb"])
            #expect(imported.text.contains("3セットを取り込みました"))
            // Two identical sets logged on the page now: times with milliseconds, quite possibly within one second.
            for _ in 0..<2 {
                let logged = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": Lifts.bench, "weight": "80", "reps": "5"])
                #expect(logged.status == .seeOther)
            }
            let export = try await browser.get("/workouts/export.csv?bom=0").text
            #expect(export.split(separator: "\n").count == 6)

            let back = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": export, "unit": "kg"])
            #expect(back.text.contains("0セットを取り込みました") && back.text.contains("5セットはすでに記録にありました"), "\(back.text)")
            let again = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": export, "unit": "kg"])
            #expect(again.text.contains("0セットを取り込みました") && again.text.contains("5セットはすでに記録にありました"))
            // The original file after its export: still nothing new.
            let original = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": strong, "unit": "lb"])
            #expect(original.text.contains("3セットはすでに記録にありました"))
            #expect(try await browser.get("/workouts/export.csv?bom=0").text == export, "the log is unchanged")
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.workoutSetCount(userId: user.id!) == 5)
    }

    @Test func aStrongCSVFileUploadedFromTheSettingsPageIsImportedOnceAndItsCopyRemoved() async throws {
        let server = try TestServer()
        // Strong in pounds: the unit field comes before the file, as the form sends it.
        let csv = Data("""
            Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2026-11-16 18:30:00,Legs,Squat (Barbell),1,225,5,0,0,,,
            2026-11-16 18:30:00,Legs,Squat (Barbell),2,225,5,0,0,,,
            """.utf8)
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let page = try await browser.get("/workouts/settings")
            #expect(page.text.contains("enctype=\"multipart/form-data\""))
            let csrf = try #require(WebSession.csrfToken(in: page.text))
            var headers = browser.headers
            headers[.contentType] = "multipart/form-data; boundary=KirokuBoundary7MA4YWxk"

            let forged = try await client.execute(uri: "/workouts/import", method: .post, headers: headers,
                                                  body: ImportsAPITests.multipart(csv, name: "strong.csv", fields: [("csrf", "wrong"), ("unit", "lb")]))
            #expect(forged.status == .forbidden)

            let first = try await client.execute(uri: "/workouts/import", method: .post, headers: headers,
                                                 body: ImportsAPITests.multipart(csv, name: "strong.csv", fields: [("csrf", csrf), ("unit", "lb")]))
            #expect(String(buffer: first.body).contains("2セットを取り込みました"))
            let again = try await client.execute(uri: "/workouts/import", method: .post, headers: headers,
                                                 body: ImportsAPITests.multipart(csv, name: "strong.csv", fields: [("csrf", csrf), ("unit", "lb")]))
            #expect(String(buffer: again.body).contains("2セットはすでに記録にありました"))

            // A form sent without choosing a file says so, in the page's language.
            let empty = try await client.execute(uri: "/workouts/import", method: .post, headers: headers,
                                                 body: ImportsAPITests.multipart(Data(), name: "", fields: [("csrf", csrf), ("unit", "kg")]))
            #expect(String(buffer: empty.body).contains("ファイルが送られていません"))
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.workoutSetCount(userId: user.id!) == 2)
        let sets = try await server.database.workoutSets(userId: user.id!, query: WorkoutSetQuery(limit: 10))
        #expect(sets.count == 2 && sets.allSatisfy { abs($0.weight - 102.06) < 0.01 }, "225 lb stored as kilograms")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: server.configuration.dataDirectory.appendingPathComponent("imports").path)
        #expect(leftovers.isEmpty, "the uploaded copy is deleted after reading")
    }

    @Test func aStrengthWorkoutFromAppleHealthShowsBesideTheSetsOfItsDay() async throws {
        let server = try TestServer()
        let csv = """
            Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2026-11-16 18:30:00,Push,Bench Press (Barbell),1,80,5,0,0,,,
            """
        try await server.test { client in
            let (taro, _) = try await server.user("taro")
            var browser = WebSession(client)
            _ = try await browser.signUp("jiro")
            let jiro = try #require(try await server.database.user(username: "jiro"))
            _ = try await browser.submit(page: "/workouts/settings", to: "/workouts/import", form: ["csv": csv, "unit": "kg"])
            // Tokyo evening of 2026-11-16: a strength session and a run for jiro, a strength session for taro.
            let start = try #require(ISO8601DateFormatter().date(from: "2026-11-16T09:20:00Z"))
            try await server.database.writer.write { db in
                for (userId, type, source) in [
                    (jiro.id!, "HKWorkoutActivityTypeTraditionalStrengthTraining", "Jiro’s Apple Watch"),
                    (jiro.id!, "HKWorkoutActivityTypeRunning", "Jiro’s Apple Watch"),
                    (taro.id!, "HKWorkoutActivityTypeTraditionalStrengthTraining", "Taro’s Apple Watch"),
                ] {
                    try db.execute(sql: """
                        INSERT INTO healthWorkout (userId, activityType, startAt, endAt, durationMinutes, energyKcal, statistics, events,
                          routeFiles, metadata, source, sourceName, naturalKey, createdAt)
                        VALUES (?, ?, ?, ?, 45.2, 320, '[]', '[]', '[]', '{}', 'import', ?, abs(random()), ?)
                        """, arguments: [userId, type, start, start.addingTimeInterval(2_712), source, Date()])
                }
            }
            let day = try await browser.get("/workouts/day/2026-11-16").text
            #expect(day.contains("id=\"health-sessions\""))
            #expect(day.contains("筋力トレーニング 45分 · 320 kcal · Jiro’s Apple Watch"))
            #expect(!day.contains("Taro"), "another account's workout is not shown")
            #expect(day.components(separatedBy: "class=\"health-session\"").count == 2, "the run is not a strength session")
            let list = try await browser.get("/workouts").text
            #expect(list.contains("ヘルスケア: 筋力トレーニング 45分"))
        }
    }

    @Test func theAccountsFullExportCarriesItsTraining() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("alice")
        try await server.test { client in
            let alice = BulkTrackClient(client: client, accessToken: token)
            _ = try await alice.logSet(Lifts.bench, 80, 5, at: "2026-11-16T10:00:00+09:00", rpe: 8)
            let export = try await client.execute(uri: "/api/v1/export?format=json", method: .get, headers: .bearer(token)).json()
            let workouts = try #require(export["workouts"] as? [String: Any])
            let sets = try #require(workouts["sets"] as? [[String: Any]])
            #expect(sets.count == 1)
            #expect(sets[0]["exerciseName"] as? String == "Bench Press" && sets[0]["date"] as? String == "2026-11-16" && sets[0]["rpe"] as? Double == 8)
        }
    }

    @Test func signedOutVisitorsAreSentToSignIn() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let response = try await browser.get("/workouts")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/signin?next=/workouts")
        }
    }

    /// The HTML from `<tag id="…">` to the next `</section>`.
    static func section(_ id: String, in html: String, tag: String = "section") -> String? {
        let opening = ["<section class=\"chart\" id=\"\(id)\"", "<section class=\"card\" id=\"\(id)\"", "<\(tag) id=\"\(id)\""]
        guard let start = opening.lazy.compactMap({ html.range(of: $0) }).first else { return nil }
        guard let end = html.range(of: "</section>", range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<end.upperBound])
    }
}
