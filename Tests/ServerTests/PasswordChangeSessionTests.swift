import Foundation
import HTTPTypes
import HummingbirdTesting
import Services
import Storage
import Testing

/// A password change ends every session of the account, the changing browser's old one too: someone holding a copy
/// of that cookie (the usual reason to change a password) is signed out with the rest. The browser that changed it
/// carries on under a new cookie.
@Suite struct PasswordChangeSessionTests {
    @Test func theChangingBrowserGetsANewCookieAndACopyOfTheOldOneSignsNobodyIn() async throws {
        let server = try TestServer()
        let (user, _) = try await server.user("hanako")
        try await server.test { client in
            var owner = WebSession(client)
            _ = try await owner.submit(page: "/signin", to: "/signin", form: ["username": "hanako", "password": "correct horse battery"])
            let oldCookie = try #require(owner.cookies["kiroku_session"])
            var thief = WebSession(client)
            thief.cookies["kiroku_session"] = oldCookie
            #expect(try await thief.get("/settings").status == .ok, "the copied cookie works before the change")

            let changed = try await owner.submit(page: "/settings", to: "/settings/password", form: [
                "currentPassword": "correct horse battery", "newPassword": "a brand new secret", "newPasswordConfirmation": "a brand new secret",
            ])
            #expect(changed.status == .seeOther)
            let newCookie = try #require(changed.cookieValue("kiroku_session"), "the changing browser is given a new session")
            #expect(newCookie != oldCookie)
            let setCookie = try #require(changed.setCookies["kiroku_session"])
            #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax"))

            #expect(try await owner.get("/settings").status == .ok, "the changing browser stays signed in")
            #expect(try await thief.get("/settings").status == .seeOther, "a copy of the old cookie is signed out")
            let sessions = try await server.database.activeSessions(userId: try #require(user.id), now: Date())
            #expect(sessions.count == 1)
            #expect(sessions.first?.tokenHash == SecretToken.hash(newCookie))
        }
    }
}
