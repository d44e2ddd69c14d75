import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import Server
import Services
import Storage
import Testing

/// Settings asks for the new password twice: typed once, a typo nobody can see became the password and locked its
/// owner out. A second password that differs changes nothing and says so under that field, without JavaScript.
@Suite struct PasswordChangeConfirmationTests {
    @Test func aSecondNewPasswordThatDiffersIsRefusedBesideItAndTheOldPasswordStillWorks() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.test { client in
            var owner = WebSession(client)
            _ = try await owner.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            let settings = try await owner.get("/settings").text
            #expect(settings.contains("新しいパスワード（確認）"))
            #expect(settings.contains(#"name="newPasswordConfirmation""#))

            let refused = try await owner.submit(page: "/settings", to: "/settings/password", form: [
                "currentPassword": "correct horse battery", "newPassword": "a brand new secret", "newPasswordConfirmation": "a brand new secert",
            ])
            #expect(refused.status == .badRequest)
            let html = refused.text
            let beside = SignUpFormErrorsTests.besideField("newPasswordConfirmation", in: html)
            #expect(beside.contains("パスワードが一致しません。同じパスワードをもう一度入力してください。"), "\(beside)")
            #expect(html.contains(#"aria-describedby="newPasswordConfirmation-error""#), "a screen reader reads the reason with the field")
            #expect(html.contains("パスワードは変更していません。"))
            #expect(!html.contains("newPassword-error") && !html.contains("currentPassword-error"), "only the second password is marked")
            #expect(!html.contains("a brand new se"), "a password is never sent back")
            #expect(try await owner.get("/settings").status == .ok, "nothing changed: this browser is still signed in")

            var fresh = WebSession(client)
            let old = try await fresh.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(old.status == .seeOther, "the old password still signs in")
            var other = WebSession(client)
            #expect(try await other.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "a brand new secret"]).status == .badRequest)
            #expect(try await fresh.get("/settings").status == .ok, "and no session was ended")
        }
    }

    @Test func inEnglishTheMismatchIsSaidBesideTheFieldAndTheSamePasswordTwiceChangesIt() async throws {
        let server = try TestServer()
        _ = try await server.user("hanako")
        try await server.test { client in
            var owner = WebSession(client)
            owner.cookies[LanguageMiddleware.cookieName] = "en"
            _ = try await owner.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            #expect(try await owner.get("/settings").text.contains("New password again"))
            let refused = try await owner.submit(page: "/settings", to: "/settings/password", form: [
                "currentPassword": "correct horse battery", "newPassword": "a brand new secret", "newPasswordConfirmation": "",
            ])
            #expect(refused.status == .badRequest)
            #expect(SignUpFormErrorsTests.besideField("newPasswordConfirmation", in: refused.text).contains("The passwords do not match. Type the same password twice."))
            #expect(refused.text.contains("The password was not changed."))

            let changed = try await owner.submit(page: "/settings", to: "/settings/password", form: [
                "currentPassword": "correct horse battery", "newPassword": "a brand new secret", "newPasswordConfirmation": "a brand new secret",
            ])
            #expect(changed.status == .seeOther)
            var fresh = WebSession(client)
            #expect(try await fresh.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "a brand new secret"]).status == .seeOther)
        }
    }
}
