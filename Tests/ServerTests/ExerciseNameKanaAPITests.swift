import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Storage
import Testing

/// A name typed in hiragana ("べんち", as a Japanese keyboard starts) or half-width katakana did not find the
/// katakana "ベンチプレス" in `GET /v1/exercises?q=`, was not refused as an official name, and made a second
/// exercise beside the caller's own katakana one.
@Suite struct ExerciseNameKanaAPITests {
    static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? text
    }

    @Test func hiraganaAndHalfWidthFindTheKatakanaName() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            phone.language = "ja"
            for typed in ["べんち", "ﾍﾞﾝﾁ"] {
                let found = try await phone.call(.get, "/v1/exercises?q=\(Self.query(typed))").v1Array()
                #expect(found.map { $0["name"] as? String } == ["ベンチプレス"], "\(typed)")
            }
        }
    }

    @Test func hiraganaIsTheOfficialNameAndTheCallersOwnName() async throws {
        let server = try TestServer()
        try await server.test { client in
            var phone = try await BulkTrackClient.device(client)
            phone.language = "ja"
            let official = try await phone.call(.post, "/v1/exercises", body: ["name": "べんちぷれす"])
            #expect(official.status == .conflict)
            #expect(official.contractError?.message.contains("「ベンチプレス」は公式の種目にあります") == true, "\(official.text)")
            let mine = try await phone.call(.post, "/v1/exercises", body: ["name": "マイプレス"]).json()
            let again = try await phone.call(.post, "/v1/exercises", body: ["name": "まいぷれす"]).json()
            #expect(again["id"] as? String == mine["id"] as? String && again["name"] as? String == "マイプレス", "the one stored, as it was typed")
        }
        let user = try #require(try await server.database.allUsers().first)
        #expect(try await server.database.customExercises(userId: user.savedId).map(\.name) == ["マイプレス"])
    }
}
