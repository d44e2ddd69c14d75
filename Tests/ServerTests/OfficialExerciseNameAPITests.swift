import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// `POST /v1/exercises` with an official exercise's name made a second "Bench Press" in the phone's list, whose sets
/// stayed apart from the official lift's records and charts. Now it is a 409 in the contract's error shape that names
/// the official exercise; custom exercises stored under such a name before stay listed and usable, on the web too.
@Suite struct OfficialExerciseNameAPITests {
    @Test func anOfficialNameIsRefusedWith409InTheCallersLanguageAndNothingIsStored() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            let refused = try await phone.call(.post, "/v1/exercises", body: ["name": "bench press"])
            #expect(refused.status == .conflict)
            #expect(refused.contractError?.code == "official_exercise_name")
            #expect(refused.contractError?.message.contains("“Bench Press” is already an official exercise") == true, "\(refused.text)")
            phone.language = "ja"
            let halfWidth = try await phone.call(.post, "/v1/exercises", body: ["name": "ﾍﾞﾝﾁﾌﾟﾚｽ"])
            #expect(halfWidth.status == .conflict)
            #expect(halfWidth.contractError?.message.contains("「ベンチプレス」は公式の種目にあります") == true, "\(halfWidth.text)")
            #expect(try await phone.call(.post, "/v1/exercises", body: ["name": "ＳＱＵＡＴ"]).status == .conflict)
            #expect(try await phone.call(.post, "/v1/exercises", body: ["name": "Split Squat"]).status == .created, "an alias is no official name")
        }
        let user = try #require(try await server.database.allUsers().first)
        #expect(try await server.database.customExercises(userId: user.savedId).map(\.name) == ["Split Squat"])
    }

    @Test func aDuplicateStoredBeforeTheRuleStaysListedAndUsable() async throws {
        let server = try TestServer()
        let (hanako, _) = try await server.user("hanako")
        let stored = WorkoutCustomExercise(userId: try hanako.savedId, name: "Bench Press", createdAt: Date())
        _ = try await server.database.insertCustomExercise(stored)
        try await server.test { client in
            var browser = WebSession(client)
            let signedIn = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(signedIn.status == .seeOther)
            let page = try await browser.get("/workouts").text
            #expect(page.contains(#"<option value="\#(stored.id)""#), "the stored one is still offered")
            let logged = try await browser.submit(page: "/workouts", to: "/workouts/sets", form: ["exerciseId": stored.id, "weight": "70", "reps": "5"])
            #expect(logged.status == .seeOther)
            #expect(try await browser.get(try #require(logged.headers[.location])).text.contains("70 kg × 5"))
        }
        #expect(try await server.database.customExercises(userId: hanako.savedId).map(\.id) == [stored.id])
    }
}
