import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// The web app offered only the catalogue when logging a set; a lift it lacks could be made on the phone alone
/// (`POST /v1/exercises`). Now "種目を追加" / "Add your own exercise" under the exercise list opens a form that makes
/// one through the same service and comes back to the logging form with it chosen.
@Suite struct CustomExerciseWebTests {
    /// The page a redirect names, as a browser asks for it (without the fragment).
    static func follow(_ response: TestResponse, _ browser: inout WebSession) async throws -> String {
        let location = try #require(response.headers[.location])
        return try await browser.get(String(location.split(separator: "#")[0])).text
    }

    /// Sends the add-exercise form with `name`, as its page gives it.
    static func add(_ name: String, _ browser: inout WebSession) async throws -> TestResponse {
        try await browser.submit(page: "/workouts/exercises/new", to: "/workouts/exercises", form: ["name": name])
    }

    static func customNames(_ server: TestServer, _ username: String) async throws -> [String] {
        let user = try #require(try await server.database.user(username: username))
        return try await server.database.customExercises(userId: user.savedId).map(\.name)
    }

    @Test func anExerciseAddedFromTheLoggingPageIsChosenThereAndTakesASet() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let logging = try await browser.get("/workouts").text
            #expect(logging.contains(#"<a href="/workouts/exercises/new" id="add-exercise-link">＋ 種目を追加</a>"#))
            let form = try await browser.get("/workouts/exercises/new").text
            #expect(form.contains(#"<input name="name" id="name" required maxlength="100""#))

            let added = try await Self.add(" ゾンビスクワット ", &browser)
            #expect(added.status == .seeOther)
            let page = try await Self.follow(added, &browser)
            let id = try #require(try await Self.customExerciseId(server, "hanako"))
            #expect(page.contains(#"<option value="\#(id)" selected>ゾンビスクワット</option>"#), "the new exercise is chosen")
            #expect(page.contains("「ゾンビスクワット」を追加しました"))

            let logged = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": id, "weight": "40", "reps": "12"])
            #expect(logged.status == .seeOther)
            let today = try #require(WorkoutsWebTests.section("today", in: try await Self.follow(logged, &browser)))
            #expect(today.contains("ゾンビスクワット") && today.contains("40 kg × 12"))
            #expect(try await browser.get("/workouts/exercises/new").text.contains(#"<li><a href="/workouts?exercise=\#(id)#log">ゾンビスクワット</a></li>"#))
        }
        #expect(try await Self.customNames(server, "hanako") == ["ゾンビスクワット"], "stored trimmed")
    }

    @Test func aRefusedNameIsExplainedUnderTheFieldInBothLanguagesAndStoresNothing() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await Self.add("マイプレス", &browser)
            let refusals: [(typed: String, ja: String, en: String)] = [
                ("   ", "種目名は1〜100文字で入力してください", "An exercise name must be 1 to 100 characters."),
                (String(repeating: "あ", count: 101), "種目名は1〜100文字で入力してください", "An exercise name must be 1 to 100 characters."),
                ("べんちぷれす", "「ベンチプレス」は公式の種目にあります", "“Bench Press” is already an official exercise"),
                ("まいぷれす", "「マイプレス」はもうあなたの種目にあります", "“マイプレス” is already one of your exercises"),
            ]
            for language in ["ja", "en"] {
                _ = try await browser.get("/lang/\(language)?next=/")
                for refusal in refusals {
                    let answer = try await Self.add(refusal.typed, &browser)
                    #expect(answer.status == .badRequest, "\(refusal.typed)")
                    let message = language == "ja" ? refusal.ja : refusal.en
                    #expect(answer.text.contains(#"<p class="error-text field-error" id="name-error">\#(message)"#), "\(language) \(refusal.typed): \(answer.text)")
                    #expect(answer.text.contains(#"aria-invalid="true" aria-describedby="name-error""#))
                }
            }
            // The official name and the duplicate come back with the exercise to pick instead, and what was typed.
            let official = try await Self.add("べんちぷれす", &browser)
            #expect(official.text.contains(#"<a href="/workouts?exercise=\#(Lifts.bench)#log" id="pick-existing">"#))
            #expect(official.text.contains(#"value="べんちぷれす""#))
        }
        #expect(try await Self.customNames(server, "hanako") == ["マイプレス"], "nothing more stored")
    }

    @Test func anotherAccountNeitherSeesNorUsesTheExercise() async throws {
        let server = try TestServer()
        try await server.test { client in
            var hanako = WebSession(client)
            _ = try await hanako.signUp("hanako")
            _ = try await Self.add("ゾンビスクワット", &hanako)
            let id = try #require(try await Self.customExerciseId(server, "hanako"))

            var taro = WebSession(client)
            _ = try await taro.signUp("taro")
            #expect(!(try await taro.get("/workouts").text.contains("ゾンビスクワット")))
            #expect(!(try await taro.get("/workouts/exercises/new").text.contains("ゾンビスクワット")))
            let used = try await taro.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": id, "weight": "40", "reps": "12"])
            #expect(used.status == .badRequest && used.text.contains("その種目は見つかりません"))
            let own = try await Self.add("ゾンビスクワット", &taro)
            #expect(own.status == .seeOther, "the same name is free in another account")
        }
        #expect(try await Self.customNames(server, "taro") == ["ゾンビスクワット"])
        #expect(try await Self.customNames(server, "hanako") == ["ゾンビスクワット"])
    }

    static func customExerciseId(_ server: TestServer, _ username: String) async throws -> String? {
        let user = try #require(try await server.database.user(username: username))
        return try await server.database.customExercises(userId: user.savedId).first?.id
    }
}
