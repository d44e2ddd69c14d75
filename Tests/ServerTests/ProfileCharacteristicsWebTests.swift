import Foundation
import Health
import HealthImport
import Hummingbird
import HummingbirdTesting
import NIOCore
@testable import Server
import Services
import Storage
import Testing

/// Date of birth and sex through the API, the settings page, the export and the import status.
@Suite("Profile: date of birth and sex")
struct ProfileCharacteristicsWebTests {
    /// The whole profile form as the settings page posts it.
    static func profileForm(dateOfBirth: String, sex: String, language: String = "", timeZone: String = "Asia/Tokyo") -> [String: String] {
        ["displayName": "花子", "heightCm": "158", "targetWeightKg": "", "timeZone": timeZone, "language": language,
         "dateOfBirth": dateOfBirth, "biologicalSex": sex]
    }

    @Test("PATCH /api/v1/me sets, returns and clears date of birth and sex")
    func patchRoundTrip() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.test { client in
            let set = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token),
                                               body: jsonBody(["dateOfBirth": "1992-02-29", "biologicalSex": "female"]))
            #expect(set.status == .ok)
            #expect(try set.json()["dateOfBirth"] as? String == "1992-02-29")
            #expect(try set.json()["biologicalSex"] as? String == "female")
            let read = try await client.execute(uri: "/api/v1/me", method: .get, headers: .bearer(token)).json()
            #expect(read["dateOfBirth"] as? String == "1992-02-29")
            #expect(read["biologicalSex"] as? String == "female")

            // Absent fields stay; null clears one without touching the other.
            _ = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token), body: jsonBody(["displayName": "Hanako"]))
            let cleared = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token),
                                                   body: ByteBuffer(string: #"{"biologicalSex": null}"#))
            #expect(cleared.status == .ok)
            #expect(try cleared.json()["biologicalSex"] == nil)
            #expect(try cleared.json()["dateOfBirth"] as? String == "1992-02-29")
        }
        let stored = try #require(try await server.database.user(id: user.id!))
        #expect(stored.dateOfBirth == LocalDay("1992-02-29"))
        #expect(stored.biologicalSex == nil)
    }

    @Test("Bad dates and sexes are refused in the caller's language and change nothing",
          arguments: [
              (["dateOfBirth": "1990-13-01"], "invalid_date_of_birth", "YYYY-MM-DD"),
              (["dateOfBirth": "1899-12-31"], "invalid_date_of_birth", "1900-01-01"),
              (["dateOfBirth": "2999-01-01"], "invalid_date_of_birth", "future"),
              (["biologicalSex": "man"], "invalid_biological_sex", "female, male or other"),
              // One bad field refuses the whole update: the good one is not applied either.
              (["dateOfBirth": "1980-05-05", "biologicalSex": "unknown"], "invalid_biological_sex", "female, male or other"),
          ])
    func refusesBadValues(body: [String: String], code: String, english: String) async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("hanako")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token),
                                         body: jsonBody(["dateOfBirth": "1990-01-01", "biologicalSex": "other"]))
            let en = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token), body: jsonBody(body))
            #expect(en.status == .badRequest)
            #expect(en.errorCode == code)
            #expect(en.errorMessage?.contains(english) == true)
            let ja = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token, language: "ja"), body: jsonBody(body))
            #expect(ja.errorCode == code)
            #expect(ja.errorMessage?.contains("無効なデータ") == true)
        }
        let stored = try #require(try await server.database.user(id: user.id!))
        #expect(stored.dateOfBirth == LocalDay("1990-01-01"))
        #expect(stored.biologicalSex == .other)
    }

    @Test("The settings form shows, saves and clears date of birth and sex, with the age next to the date")
    func settingsForm() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let empty = try await browser.get("/settings").text
            #expect(empty.contains(#"<input type="date" name="dateOfBirth""#))
            #expect(empty.contains(#"<option value="" selected>未設定</option>"#))
            #expect(!empty.contains("profile-age"))

            let saved = try await browser.submit(page: "/settings", to: "/settings/profile",
                                                 form: Self.profileForm(dateOfBirth: "1990-06-15", sex: "female"))
            #expect(saved.status == .seeOther)
            let page = try await browser.get("/settings").text
            #expect(page.contains(#"value="1990-06-15""#))
            #expect(page.contains(#"<option value="female" selected>女性</option>"#))
            let today = LocalDay(Date(), in: TimeZone(identifier: "Asia/Tokyo")!)
            let age = try #require(LocalDay("1990-06-15")?.age(on: today))
            #expect(page.contains("<small class=\"muted\" id=\"profile-age\">(\(age)歳)</small>"))

            let bad = try await browser.submit(page: "/settings", to: "/settings/profile",
                                               form: Self.profileForm(dateOfBirth: "2999-01-01", sex: "male"))
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains("生年月日「2999-01-01」が未来の日付になっています"))

            let cleared = try await browser.submit(page: "/settings", to: "/settings/profile",
                                                   form: Self.profileForm(dateOfBirth: "", sex: "", language: "en"))
            #expect(cleared.status == .seeOther)
            let english = try await browser.get("/settings").text
            #expect(english.contains(#"<option value="" selected>Not set</option>"#))
            #expect(english.contains(#"name="dateOfBirth" min="1900-01-01""#))
            #expect(!english.contains("profile-age"))
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        #expect(user.dateOfBirth == nil)
        #expect(user.biologicalSex == nil)
        #expect(user.displayName == "花子")
    }

    @Test("The English settings page says the age in English")
    func englishAge() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("taro")
            _ = try await browser.submit(page: "/settings", to: "/settings/profile",
                                         form: Self.profileForm(dateOfBirth: "2000-02-29", sex: "other", language: "en", timeZone: "UTC"))
            let page = try await browser.get("/settings").text
            let age = try #require(LocalDay("2000-02-29")?.age(on: LocalDay(Date(), in: TimeZone(identifier: "UTC")!)))
            #expect(page.contains("(age \(age))"))
            #expect(page.contains(#"<option value="other" selected>Other</option>"#))
        }
    }

    @Test("The full export carries date of birth and sex")
    func exportCarriesThem() async throws {
        let server = try TestServer()
        let (_, token) = try await server.user("hanako")
        try await server.test { client in
            _ = try await client.execute(uri: "/api/v1/me", method: .patch, headers: .bearer(token),
                                         body: jsonBody(["dateOfBirth": "1975-10-01", "biologicalSex": "male"]))
            let export = try await client.execute(uri: "/api/v1/export?format=json", method: .get, headers: .bearer(token)).json()
            let account = try #require(export["account"] as? [String: Any])
            #expect(account["dateOfBirth"] as? String == "1975-10-01")
            #expect(account["biologicalSex"] as? String == "male")
        }
    }

    @Test("An import that filled the profile says so on its status page and in the API; one that did not, says nothing")
    func importResultMentionsProfile() async throws {
        let server = try TestServer()
        let configuration = ImportsAPITests.configuration()
        let file = try ImportsAPITests.fixture("export-modern.xml")
        try await server.test(configuration: configuration) { client in
            var session = WebSession(client)
            _ = try await session.signUp("hanako")
            func upload() async throws -> String {
                let page = try await session.get("/records")
                let csrf = try #require(WebSession.csrfToken(in: page.text))
                var headers = session.headers
                headers[.contentType] = "multipart/form-data; boundary=KirokuBoundary7MA4YWxk"
                let posted = try await client.execute(uri: "/imports", method: .post, headers: headers,
                                                      body: ImportsAPITests.multipart(file, name: "export.xml", fields: [("csrf", csrf)]))
                let location = try #require(posted.headers[.location])
                for _ in 0..<200 {
                    let status = try await session.get(location).text
                    if status.contains("data-state=\"succeeded\"") { return status }
                    try await Task.sleep(for: .milliseconds(50))
                }
                Issue.record("import did not finish")
                return ""
            }
            let first = try await upload()
            #expect(first.contains("プロフィール: 生年月日と性別をヘルスケアの書き出しデータから設定しました"))
            let second = try await upload()
            #expect(!second.contains("import-profile"))
            #expect(try await session.get("/settings").text.contains(#"value="1990-01-01""#))
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        let jobs = try await server.database.importJobs(userId: user.id!)
        #expect(jobs.map(\.profileFilled) == [[], [.dateOfBirth, .biologicalSex]])
        try await server.test { client in
            let token = try await server.accounts.createToken(for: user.id!, name: "t", now: Date()).secret
            let job = try await client.execute(uri: "/api/v1/imports/\(jobs[1].id!)", method: .get, headers: .bearer(token)).json()
            #expect(job["profileFilled"] as? [String] == ["dateOfBirth", "biologicalSex"])
        }
    }
}
