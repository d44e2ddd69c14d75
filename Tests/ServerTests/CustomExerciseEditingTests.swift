import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// A custom exercise made with a typo, or never used, stayed for good: the web could make one and neither rename nor
/// delete it. `/workouts/exercises` now lists the person's own exercises with how many sets use each, renames one
/// by the rules a new one obeys, and deletes one no logged set uses (one with sets is refused, saying how many).
@Suite struct CustomExerciseEditingTests {
    static func rename(_ id: String, to name: String, _ browser: inout WebSession) async throws -> TestResponse {
        try await browser.submit(page: "/workouts/exercises", to: "/workouts/exercises/\(id)/rename", form: ["name": name])
    }

    static func delete(_ id: String, _ browser: inout WebSession) async throws -> TestResponse {
        try await browser.submit(page: "/workouts/exercises", to: "/workouts/exercises/\(id)/delete", form: [:])
    }

    /// Adds an exercise on the web and returns its id.
    static func add(_ name: String, _ server: TestServer, _ browser: inout WebSession, username: String = "hanako") async throws -> String {
        _ = try await CustomExerciseWebTests.add(name, &browser)
        let user = try #require(try await server.database.user(username: username))
        return try #require(try await server.database.customExercises(userId: user.savedId).first { $0.name == name }?.id)
    }

    static func logSet(_ exerciseId: String, _ browser: inout WebSession) async throws {
        let logged = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": exerciseId, "weight": "40", "reps": "12", "when": "2026-11-16T10:00"])
        #expect(logged.status == .seeOther)
    }

    @Test func anExerciseIsRenamedByTheRulesOfANewOneAndItsSetsFollowTheName() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let zombie = try await Self.add("ゾンビスクワット", server, &browser)
            _ = try await Self.add("マイプレス", server, &browser)
            let latin = try await Self.add("my press", server, &browser)
            try await Self.logSet(zombie, &browser)
            #expect(try await browser.get("/workouts/exercises/new").text.contains(#"<a href="/workouts/exercises" id="manage-exercises">名前の変更・削除 →</a>"#))

            let list = try await browser.get("/workouts/exercises").text
            #expect(list.contains(#"<li id="exercise-\#(zombie)"><a href="/workouts?exercise=\#(zombie)#log"><strong>ゾンビスクワット</strong></a> <small class="muted">1 セット</small>"#), "\(list)")
            #expect(list.contains(#"<strong>マイプレス</strong></a> <small class="muted">0 セット</small>"#))
            #expect(list.contains(#"<form method="post" action="/workouts/exercises/\#(zombie)/rename" class="row">"#))

            let renamed = try await Self.rename(zombie, to: "  ゾンビスクワット改 ", &browser)
            #expect(renamed.status == .seeOther)
            let after = try await CustomExerciseWebTests.follow(renamed, &browser)
            #expect(after.contains("名前を「ゾンビスクワット改」に変えました。"))
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("ゾンビスクワット改"), "the set shows under the new name")
            #expect(try await Self.rename(latin, to: "My Press", &browser).status == .seeOther, "its own name, folded alike, is free")

            // A name that cannot be one is 400; one already taken (official or the person's own) is 409, as on creation.
            let refusals: [(typed: String, status: HTTPResponse.Status, ja: String, en: String)] = [
                ("   ", .badRequest, "種目名は1〜100文字で入力してください", "An exercise name must be 1 to 100 characters."),
                ("べんちぷれす", .conflict, "「ベンチプレス」は公式の種目にあります", "“Bench Press” is already an official exercise"),
                ("まいぷれす", .conflict, "「マイプレス」はもうあなたの種目にあります。別の名前にしてください", "“マイプレス” is already one of your exercises: choose another name."),
            ]
            for language in ["ja", "en"] {
                _ = try await browser.get("/lang/\(language)?next=/")
                for refusal in refusals {
                    let answer = try await Self.rename(zombie, to: refusal.typed, &browser)
                    #expect(answer.status == refusal.status, "\(refusal.typed)")
                    let message = language == "ja" ? refusal.ja : refusal.en
                    #expect(answer.text.contains(#"<p class="error-text field-error" id="name-error-\#(zombie)">\#(message)"#), "\(language) \(refusal.typed): \(answer.text)")
                    #expect(answer.text.contains(#"aria-invalid="true" aria-describedby="name-error-\#(zombie)""#))
                    #expect(answer.text.contains(#"value="\#(refusal.typed)""#), "what was typed is kept")
                }
            }
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.customExercises(userId: user.savedId).map(\.name).sorted() == ["My Press", "ゾンビスクワット改", "マイプレス"])
    }

    @Test func anExerciseWithLoggedSetsIsNotDeletedAndOneWithoutIs() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let zombie = try await Self.add("ゾンビスクワット", server, &browser)
            let unused = try await Self.add("マイプレス", server, &browser)
            try await Self.logSet(zombie, &browser)
            try await Self.logSet(zombie, &browser)

            let list = try await browser.get("/workouts/exercises").text
            #expect(list.contains("この種目を削除しますか？ 元に戻せません。"), "deleting asks first")
            let refused = try await Self.delete(zombie, &browser)
            #expect(refused.status == .conflict)
            #expect(refused.text.contains("「ゾンビスクワット」は記録済みの 2 セットで使われているため、削除しませんでした（何も変更していません）。"), "\(refused.text)")
            _ = try await browser.get("/lang/en?next=/")
            let english = try await Self.delete(zombie, &browser)
            #expect(english.text.contains("“ゾンビスクワット” is used by 2 logged sets, so it was not deleted (nothing changed). Delete those sets first, or rename it instead."))
            #expect(try await browser.get("/workouts/day/2026-11-16").text.contains("ゾンビスクワット"), "its sets are untouched")

            let deleted = try await Self.delete(unused, &browser)
            #expect(deleted.status == .seeOther)
            let after = try await CustomExerciseWebTests.follow(deleted, &browser)
            #expect(after.contains("Exercise deleted.") && !after.contains("マイプレス"))
            #expect(!(try await browser.get("/workouts").text.contains("マイプレス")), "no longer offered for a set")
            #expect(try await Self.delete(unused, &browser).status == .notFound, "gone")
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.customExercises(userId: user.savedId).map(\.name) == ["ゾンビスクワット"])
    }

    @Test func officialExercisesAreFixedAndAnotherUsersExerciseIsNotFound() async throws {
        let server = try TestServer()
        try await server.test { client in
            var hanako = WebSession(client)
            _ = try await hanako.signUp("hanako")
            let zombie = try await Self.add("ゾンビスクワット", server, &hanako)

            let renamed = try await Self.rename(Lifts.bench, to: "My Bench", &hanako)
            #expect(renamed.status == .forbidden)
            #expect(renamed.text.contains("公式の種目は名前の変更も削除もできません"))
            let deleted = try await Self.delete(Lifts.bench, &hanako)
            #expect(deleted.status == .forbidden)
            #expect(deleted.text.contains("公式の種目は名前の変更も削除もできません"))
            #expect(try await Self.rename("not-a-uuid", to: "x", &hanako).status == .notFound)

            var taro = WebSession(client)
            _ = try await taro.signUp("taro")
            #expect(!(try await taro.get("/workouts/exercises").text.contains("ゾンビスクワット")))
            #expect(try await taro.get("/workouts/exercises").text.contains("自分で追加した種目はまだありません。"))
            #expect(try await Self.rename(zombie, to: "乗っ取り", &taro).status == .notFound)
            #expect(try await Self.rename(zombie, to: "   ", &taro).status == .notFound, "a bad name says nothing about another's exercise")
            #expect(try await Self.delete(zombie, &taro).status == .notFound)
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.customExercises(userId: user.savedId).map(\.name) == ["ゾンビスクワット"])
        #expect(try await server.database.workoutSetCount(userId: user.savedId) == 0)
    }
}
