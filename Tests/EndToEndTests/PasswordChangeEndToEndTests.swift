import Foundation
import Testing

/// A mistyped second new password on a phone-sized chromium: refused without JavaScript, the reason under that field
/// and in view (the form's action carries its anchor), the page still 390 px wide, and the old password still works.
@Suite(.serialized, .timeLimit(.minutes(5))) struct PasswordChangeEndToEndTests {
    @Test func aMistypedSecondPasswordIsShownInViewUnderItsField() async throws {
        try await BrowserHarness.run("password-change") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")
            try await browser.open("\(site)/settings")
            try await browser.type("correct horse battery", into: "#currentPassword")
            try await browser.type("a brand new secret", into: "#newPassword")
            try await browser.type("a brand new secert", into: "#newPasswordConfirmation")
            try await browser.submit("#change-password button[type=submit]")

            let inView = try await browser.evaluate("""
                const error = document.getElementById('newPasswordConfirmation-error');
                if (!error) { return 'no error under the field'; }
                const box = error.getBoundingClientRect();
                return box.top >= 0 && box.bottom <= window.innerHeight ? 'in view' : 'at ' + box.top + ' of ' + window.innerHeight;
                """) as? String
            #expect(inView == "in view")
            let fits = try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool
            #expect(fits == true, "the refused form does not push the page sideways")
            let screenshot = try await browser.screenshot()
            try screenshot.write(to: BrowserHarness.artifacts.appendingPathComponent("settings-password-mismatch-390x844.png"))

            // The sign-out button may sit in the phone's "more" menu; the form is what matters.
            try await browser.navigating { _ = try await browser.evaluate("document.querySelector(\"form[action='/signout']\").submit(); return true;") }
            try await BrowserHarness.signIn(browser, site: site, username: "hanako", password: "correct horse battery")
            #expect(try await browser.currentURL().hasSuffix("/"), "the old password still signs in")
        }
    }
}
