import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

@Suite struct WebAccountsTests {
    @Test func signUpStartsAnHttpOnlySameSiteSessionAndShowsTheDashboard() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let response = try await browser.signUp("hanako")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/")
            let cookie = try #require(response.setCookies["kiroku_session"])
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"))
            let dashboard = try await browser.get("/")
            #expect(dashboard.status == .ok)
            #expect(dashboard.text.contains("体重の推移"))
        }
        #expect(try await server.database.user(username: "hanako") != nil)
    }

    @Test func formsWithoutTheCSRFTokenAreRefusedAndChangeNothing() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.get("/signup")
            let forged = try await browser.post("/signup", form: ["username": "mallory", "password": "correct horse battery"])
            #expect(forged.status == .forbidden)
            let wrong = try await browser.post("/signup", form: ["username": "mallory", "password": "correct horse battery", "csrf": "guess"])
            #expect(wrong.status == .forbidden)

            _ = try await browser.signUp("hanako")
            let addWithoutToken = try await browser.post("/records", form: ["metric": "bodyMass", "value": "60"])
            #expect(addWithoutToken.status == .forbidden)
        }
        #expect(try await server.database.user(username: "mallory") == nil)
        let hanako = try #require(try await server.database.user(username: "hanako"))
        #expect(try await server.database.recordCount(userId: hanako.id!) == 0)
    }

    @Test func shortPasswordsAndTakenUsernamesAreExplained() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let short = try await browser.signUp("hanako", password: "short")
            #expect(short.status == .badRequest)
            #expect(short.text.contains("10 文字以上"))
            _ = try await browser.signUp("hanako")
            var other = WebSession(client)
            let taken = try await other.signUp("Hanako")
            #expect(taken.status == .badRequest)
            #expect(taken.text.contains("既に使われています"))
        }
    }

    @Test func signInIsRateLimitedPerAccount() async throws {
        let server = try TestServer(rateLimits: .init(freeFailures: 3, firstDelay: 60))
        _ = try await server.user("hanako", password: "correct horse battery")
        try await server.test { client in
            var browser = WebSession(client)
            for _ in 0..<3 {
                let wrong = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "wrong password!"])
                #expect(wrong.status == .badRequest)
            }
            let limited = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(limited.status == .tooManyRequests)
            #expect(limited.setCookies["kiroku_session"] == nil)
        }
    }

    @Test func signInThenSignOutEndsTheSession() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.test { client in
            var browser = WebSession(client)
            let signedIn = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(signedIn.status == .seeOther)
            let settings = try await browser.get("/settings")
            #expect(settings.status == .ok)
            let signedOut = try await browser.submit(page: "/", to: "/signout", form: [:])
            #expect(signedOut.status == .seeOther)
            let after = try await browser.get("/settings")
            #expect(after.status == .seeOther)
            #expect(after.headers[.location]?.hasPrefix("/signin") == true)
        }
    }

    @Test func addingARecordOnTheWebShowsItAndExplainsBadInputInline() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let tooLight = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "29.9", "unit": "", "when": ""])
            #expect(tooLight.status == .badRequest)
            #expect(tooLight.text.contains("class=\"error\""))
            #expect(tooLight.text.contains("value=\"29.9\""))
            let notANumber = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "sixty"])
            #expect(notANumber.status == .badRequest)
            #expect(notANumber.text.contains("数値ではありません"))

            let saved = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "63.4", "unit": "kg", "when": "2026-01-10T07:00"])
            #expect(saved.status == .seeOther)
            let page = try await browser.get(saved.headers[.location]!)
            #expect(page.text.contains("63.4"))
            #expect(page.text.contains("2026-01-10 07:00"))

            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "stepCount", "value": "4321"])
            let stepsOnly = try await browser.get("/records?metric=steps").text
            #expect(stepsOnly.contains("4,321"), "grouped for reading")
            #expect(!stepsOnly.contains("63.4"))
            #expect(stepsOnly.contains("<option value=\"stepCount\" selected>"))
        }
        let user = try #require(try await server.database.user(username: "hanako"))
        let records = try await server.database.allRecords(userId: user.id!)
        #expect(records.map(\.value) == [63.4, 4321])
        // 07:00 in Tokyo is 22:00 UTC the day before.
        #expect(records.first?.startAt == (try APIJSON.parseDate("2026-01-09T22:00:00Z")))
    }

    @Test func tokenIsShownOnceStoredHashedAndWorksAsBearer() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            let posted = try await browser.submit(page: "/settings", to: "/settings/tokens", form: ["name": "phone"])
            // Post → redirect → get: a reload of the page that shows the secret posts nothing again.
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/settings")
            let html = try await browser.get("/settings").text
            // Shown at the top of the page, before the profile form.
            #expect((html.range(of: "new-token")?.lowerBound ?? html.endIndex) < (html.range(of: "id=\"profile\"")?.lowerBound ?? html.startIndex))
            let range = try #require(html.range(of: #"<code id="new-token">[^<]+"#, options: .regularExpression))
            let secret = String(html[range].dropFirst(#"<code id="new-token">"#.count))
            #expect(secret.hasPrefix("krk_"))
            let again = try await browser.get("/settings")
            #expect(!again.text.contains(secret))

            let me = try await client.execute(uri: "/api/v1/me", method: .get, headers: .bearer(secret))
            #expect(try me.json()["username"] as? String == "hanako")
            let stored = try await server.database.writer.read { db in try String.fetchAll(db, sql: "SELECT tokenHash FROM apiToken") }
            #expect(stored.count == 1)
            #expect(stored.first != secret)
            #expect(stored.first?.count == 64)
        }
    }

    @Test func deletingTheAccountRemovesEveryRowItOwns() async throws {
        let server = try TestServer()
        let (_, otherToken) = try await server.user("taro")
        try await server.test { client in
            var browser = WebSession(client)
            _ = try await browser.signUp("hanako")
            _ = try await browser.submit(page: "/records", to: "/records", form: ["metric": "bodyMass", "value": "60"])
            _ = try await browser.submit(page: "/settings", to: "/settings/tokens", form: ["name": "phone"])
            _ = try await client.execute(uri: "/api/v1/records", method: .post, headers: .bearer(otherToken), body: jsonBody(["metric": "steps", "value": 10]))

            let wrongPassword = try await browser.submit(page: "/settings", to: "/settings/delete-account", form: ["password": "not my password"])
            #expect(wrongPassword.status == .badRequest)
            #expect(try await server.database.user(username: "hanako") != nil)

            let deleted = try await browser.submit(page: "/settings", to: "/settings/delete-account", form: ["password": "correct horse battery"])
            #expect(deleted.status == .seeOther)
        }
        #expect(try await server.database.user(username: "hanako") == nil)
        // Every table with an owner column: nothing left but taro's rows.
        let taro = try #require(try await server.database.user(username: "taro"))
        let leftovers = try await server.database.writer.read { db -> Int in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'")
            var count = 0
            for table in tables where try db.columns(in: table).contains(where: { $0.name == "userId" }) {
                count += try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE userId != ?", arguments: [taro.id!]) ?? 0
            }
            return count
        }
        #expect(leftovers == 0)
    }

    @Test func changingThePasswordSignsOutOtherBrowsersOnly() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.test { client in
            var phone = WebSession(client)
            var laptop = WebSession(client)
            _ = try await phone.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            _ = try await laptop.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])

            let wrong = try await phone.submit(page: "/settings", to: "/settings/password", form: ["currentPassword": "not it at all", "newPassword": "a brand new secret", "newPasswordConfirmation": "a brand new secret"])
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains("現在のパスワードが違います"), "says which password, not a username that was never typed")
            #expect(!wrong.text.contains("ユーザー名またはパスワード"))
            let short = try await phone.submit(page: "/settings", to: "/settings/password", form: ["currentPassword": "correct horse battery", "newPassword": "short", "newPasswordConfirmation": "short"])
            #expect(short.text.contains("10 文字以上"))

            let changed = try await phone.submit(page: "/settings", to: "/settings/password", form: ["currentPassword": "correct horse battery", "newPassword": "a brand new secret", "newPasswordConfirmation": "a brand new secret"])
            #expect(changed.status == .seeOther)
            #expect(try await phone.get("/settings").status == .ok, "this browser stays signed in")
            #expect(try await laptop.get("/settings").status == .seeOther, "the other browser is signed out")

            var fresh = WebSession(client)
            let old = try await fresh.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(old.status == .badRequest)
            let new = try await fresh.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "a brand new secret"])
            #expect(new.status == .seeOther)
        }
    }

    @Test(arguments: [
        ("/records", "/records"), ("/tasks?filter=due-soon&tag=家", "/tasks?filter=due-soon&tag=家"), ("/sawayaka/kannami", "/sawayaka/kannami"),
        ("//evil.example/x", "/"), ("https://evil.example", "/"), ("/\\evil.example", "/"), ("/\t/evil.example", "/"),
        ("/%09/evil.example", "/"), ("/%2F/evil.example", "/"), ("/%5Cevil.example", "/"), ("/x\\y", "/"), ("/a b", "/"),
        ("/\u{0}x", "/"), ("/\u{7F}x", "/"), ("/\u{85}x", "/"), ("/\u{202E}x", "/"), ("/\r\nSet-Cookie:x", "/"),
        ("javascript:alert(1)", "/"), ("evil.example", "/"), ("", "/"), ("/%zz", "/"), (nil, "/"),
    ] as [(String?, String)])
    func signInOnlyReturnsToLocalPages(next: String?, expected: String) {
        #expect(ReturnPath.safe(next) == expected)
    }

    @Test func theLanguageSwitchChangesTheLanguageAndReturnsToTheSamePage() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let japanese = try await browser.get("/signup")
            #expect(japanese.text.contains("<html lang=\"ja\">"))
            #expect(japanese.text.contains("href=\"/lang/en?next=/signup\""))
            let switched = try await browser.get("/lang/en?next=/signup")
            #expect(switched.headers[.location] == "/signup")
            let english = try await browser.get("/signup")
            #expect(english.text.contains("<html lang=\"en\">"))
            #expect(english.text.contains("Sign up"))
        }
    }

    @Test func otherBrowsersCanBeSignedOutFromSettings() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.test { client in
            var phone = WebSession(client)
            var laptop = WebSession(client)
            _ = try await phone.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            _ = try await laptop.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            let settings = try await phone.get("/settings").text
            #expect(settings.contains("ほかに 1 台のブラウザでログイン中です。"))
            let done = try await phone.submit(page: "/settings", to: "/settings/sign-out-others", form: [:])
            #expect(done.status == .seeOther)
            #expect(try await laptop.get("/settings").status == .seeOther)
            let after = try await phone.get("/settings")
            #expect(after.status == .ok)
            #expect(!after.text.contains("ほかに"))
        }
    }

    @Test func anUnknownUsernameGetsTheSameAnswerAsAWrongPassword() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.test { client in
            var browser = WebSession(client)
            let unknown = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "nobody", "password": "correct horse battery"])
            let wrong = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "not the password"])
            #expect(unknown.status == wrong.status)
            #expect(unknown.text.contains("ユーザー名またはパスワードが違います。"))
            #expect(wrong.text.contains("ユーザー名またはパスワードが違います。"))
        }
    }
}
