import Foundation
import Hummingbird
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// A sign-up with several wrong fields says what is wrong with each of them at once, right under that field, in the
/// page's language, with what was typed still there (never the password) — no JavaScript involved.
@Suite struct SignUpFormErrorsTests {
    static let longName = String(repeating: "花", count: 65)

    /// The text between a field's input and the next field's label: where its error must be.
    static func besideField(_ id: String, in html: String) -> String {
        guard let input = html.range(of: #"id="\#(id)""#) else { return "" }
        let rest = html[input.upperBound...]
        let end = rest.range(of: "<label")?.lowerBound ?? rest.range(of: "<button")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func everyWrongFieldIsExplainedBesideItAtOnceAndWhatWasTypedStays() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.test { client in
            var browser = WebSession(client)
            let page = try await browser.submit(
                page: "/signup", to: "/signup", form: ["username": "Hanako", "displayName": Self.longName, "password": "tiny-pass", "passwordConfirmation": "tiny-pass"]
            )
            #expect(page.status == .badRequest)
            let html = page.text
            #expect(Self.besideField("username", in: html).contains("このユーザー名は既に使われています。"))
            #expect(Self.besideField("displayName", in: html).contains("表示名は 64 文字以内で入力してください。"))
            #expect(Self.besideField("password", in: html).contains("パスワードは 10 文字以上にしてください。"))
            #expect(html.contains(#"aria-describedby="password-error""#), "a screen reader reads the reason with the field")
            #expect(html.contains("下の 3 項目を確認してください。"))
            #expect(html.contains(#"value="Hanako""#))
            #expect(html.contains(#"value="\#(Self.longName)""#))
            #expect(!html.contains("tiny-pass"), "a password is never sent back")
        }
        #expect(try await server.database.allUsers().count == 1)
    }

    @Test func inEnglishOnlyTheWrongFieldsAreMarked() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            browser.cookies[LanguageMiddleware.cookieName] = "en"
            let page = try await browser.submit(page: "/signup", to: "/signup", form: ["username": "x!", "displayName": "Taro", "password": "short", "passwordConfirmation": "short"])
            #expect(page.status == .badRequest)
            let html = page.text
            #expect(Self.besideField("username", in: html).contains("Usernames are 3–32 characters"))
            #expect(Self.besideField("password", in: html).contains("Passwords must be at least 10 characters long."))
            #expect(!html.contains("displayName-error"), "a right display name has no error")
            #expect(html.contains("Check the 2 fields marked below."))
            #expect(html.contains(#"value="Taro""#))
            #expect(!html.contains("{{"), "the template's comment is not shown")
        }
    }

    @Test func aSecondPasswordThatDiffersIsRefusedBesideItAndCreatesNothing() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            let page = try await browser.submit(page: "/signup", to: "/signup", form: [
                "username": "taro", "displayName": "たろう", "password": "correct horse battery", "passwordConfirmation": "correct horse batery",
            ])
            #expect(page.status == .badRequest)
            let html = page.text
            #expect(Self.besideField("passwordConfirmation", in: html).contains("パスワードが一致しません。"))
            #expect(html.contains(#"aria-describedby="passwordConfirmation-error""#))
            #expect(!Self.besideField("password", in: html).contains("error-text"), "the first password broke no rule")
            #expect(html.contains("下の項目を確認してください。"))
            #expect(html.contains("パスワード（確認）"))
            #expect(html.contains(#"value="taro""#) && html.contains(#"value="たろう""#))
            #expect(!html.contains("correct horse"), "neither password is sent back")
        }
        #expect(try await server.database.allUsers().isEmpty)
    }

    @Test func theMismatchIsShownWithTheOtherWrongFieldsAtOnceInEnglish() async throws {
        let server = try TestServer()
        try await server.test { client in
            var browser = WebSession(client)
            browser.cookies[LanguageMiddleware.cookieName] = "en"
            let page = try await browser.submit(
                page: "/signup", to: "/signup", form: ["username": "x!", "password": "short", "passwordConfirmation": "shorter"]
            )
            #expect(page.status == .badRequest)
            let html = page.text
            #expect(Self.besideField("username", in: html).contains("Usernames are 3–32 characters"))
            #expect(Self.besideField("password", in: html).contains("Passwords must be at least 10 characters long."))
            #expect(Self.besideField("passwordConfirmation", in: html).contains("The passwords do not match. Type the same password twice."))
            #expect(html.contains("Check the 3 fields marked below."))
            #expect(html.contains("Password again"), "the second field is labelled in the page's language")
        }
        #expect(try await server.database.allUsers().isEmpty)
    }
}
