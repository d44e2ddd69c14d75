import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import TestSupport

/// `kiroku serve --sign-up-limit`: how many accounts one client address may make in an hour, and 0 to close sign-up
/// on a server whose household already has its accounts.
@Suite(.timeLimit(.minutes(5))) struct SignUpLimitCLITests {
    @Test func aLimitThatIsNoWholeNumberOf0OrMoreIsRefusedInBothLanguages() throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let data = TestFiles.directory.appendingPathComponent("kiroku-sign-up-limit-\(UUID().uuidString)").path
        let negative = try Programs.run(kiroku.path, ["serve", "--port", "\(Programs.freePort())", "--data-dir", data, "--sign-up-limit=-1"], timeout: 20)
        #expect(negative.status == 64, "\(negative.error)")
        #expect(negative.error.contains("--sign-up-limit (KIROKU_SIGN_UP_LIMIT) must be a whole number, 0 (sign-up closed) or more."))
        #expect(negative.error.contains("0（新規登録を受け付けない）以上の整数"))
        let word = try Programs.run(
            kiroku.path, ["serve", "--port", "\(Programs.freePort())", "--data-dir", data], environment: ["KIROKU_SIGN_UP_LIMIT": "few"], timeout: 20
        )
        #expect(word.status == 64, "not a silent fall back to 10: \(word.error)")
    }

    @Test func atZeroTheSignUpPageSaysItIsClosedAndTheOperatorStillMakesAccounts() async throws {
        let kiroku = try #require(Programs.kiroku, "build kiroku first: swift build --build-tests")
        let root = TestFiles.directory.appendingPathComponent("kiroku-sign-up-closed-\(UUID().uuidString)")
        let data = root.appendingPathComponent("data").path
        defer { try? FileManager.default.removeItem(at: root) }
        let created = try Programs.run(kiroku.path, ["user", "create", "hanako", "--password-stdin", "--data-dir", data], input: "correct horse battery\n")
        #expect(created.status == 0, "\(created.error)")
        let port = Programs.freePort()
        let server = try Programs.start(
            kiroku.path, ["serve", "--port", "\(port)", "--data-dir", data, "--sign-up-limit", "0"], log: root.appendingPathComponent("server.log")
        )
        defer { server.terminate() }
        try await Programs.waitUntilUp(try #require(URL(string: "http://127.0.0.1:\(port)/health")))
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(port)/signup")
        request.headers.add(name: "Accept-Language", value: "en")
        let page = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
        #expect(page.status.code == 403)
        let html = String(buffer: try await page.body.collect(upTo: 1 << 20))
        #expect(html.contains("This server does not take new sign-ups. Ask its operator to make you an account."))
        // Nor does a stranger's phone get an account through BulkTrack's device onboarding.
        var device = HTTPClientRequest(url: "http://127.0.0.1:\(port)/v1/auth/device")
        device.method = .POST
        device.headers.add(name: "X-Device-Id", value: UUID().uuidString)
        let refused = try await HTTPClient.shared.execute(device, timeout: .seconds(10))
        #expect(refused.status.code == 403)
        #expect(String(buffer: try await refused.body.collect(upTo: 1 << 20)).contains(#""code":"sign_up_closed""#))
        await Programs.stop(server)
    }
}
