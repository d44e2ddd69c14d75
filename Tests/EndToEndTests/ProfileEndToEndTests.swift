import Foundation
import Testing

/// Date of birth and sex on a phone-sized chromium: chosen in the settings form, saved without JavaScript
/// help, shown back with the age, and the page still fits a 390-px screen.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ProfileEndToEndTests {
    @Test func settingDateOfBirthAndSexOnAPhoneShowsTheAge() async throws {
        try await BrowserHarness.run("profile") { browser, site in
            try await BrowserHarness.signUp(browser, site: site, username: "hanako")
            try await browser.open("\(site)/settings")
            // The date picker is the browser's own; what it does is set the input's value (in every locale the same).
            _ = try await browser.evaluate("document.querySelector('input[name=dateOfBirth]').value = '1990-06-15'; return true;")
            try await browser.click("select[name=biologicalSex] option[value=female]")
            try await browser.submit("#profile button[type=submit]")

            let page = try await browser.source()
            #expect(page.contains("value=\"1990-06-15\""))
            #expect(page.contains("<option value=\"female\" selected"))
            let age = try #require(try await browser.evaluate("return document.getElementById('profile-age').textContent;") as? String)
            let expected = Self.age(bornOn: (1990, 6, 15))
            #expect(age.contains(String(expected)), "\(age)")

            let screenshot = try await browser.screenshot()
            try screenshot.write(to: BrowserHarness.artifacts.appendingPathComponent("settings-profile-390x844.png"))
            let fits = try await browser.evaluate("return document.documentElement.scrollWidth <= window.innerWidth;") as? Bool
            #expect(fits == true, "the date and sex fields do not push the page sideways")
        }
    }

    /// The age today by the calendar, computed here independently of Kiroku's own code; the server's
    /// default zone (Asia/Tokyo) decides what "today" is.
    static func age(bornOn birth: (year: Int, month: Int, day: Int)) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let born = calendar.date(from: DateComponents(year: birth.year, month: birth.month, day: birth.day))!
        return calendar.dateComponents([.year], from: born, to: Date()).year!
    }
}
