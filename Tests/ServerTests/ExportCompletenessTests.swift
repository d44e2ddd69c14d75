import Foundation
import HTTPTypes
import HummingbirdTesting
import Services
import Storage
import Testing

/// The JSON export holds what the account keeps besides its health data: its API tokens and signed-in browsers
/// (with the addresses they were used from), its sync runs, the values it confirmed and its e1RM formula; and never
/// anything that could sign someone in.
@Suite struct ExportCompletenessTests {
    @Test func theExportHoldsTheAccountsOwnTracesButNoSecret() async throws {
        let server = try TestServer()
        let (user, token) = try await server.user("alice")
        let userId = try #require(user.id)
        let now = Date()
        try await server.database.confirmAnomaly(AnomalyConfirmationRow(userId: userId, metric: "bodyMass", day: "2026-10-03", confirmedAt: now))
        try await server.database.setWorkoutFormulaName("brzycki", userId: userId)
        try await server.database.recordSyncAttempt(SyncAttemptRecord(
            userId: userId, startedAt: now, duration: 1.5, status: "partial", sent: 3, rejected: 1, retries: 2, httpStatus: 207, error: "one refused"
        ))
        try await server.test { client in
            var browser = WebSession(client, userAgent: "Mozilla/5.0 (iPhone) Safari/604.1")
            _ = try await browser.submit(page: "/signin", to: "/signin", form: ["username": "alice", "password": "correct horse battery"])
            let sessionCookie = try #require(browser.cookies["kiroku_session"])
            // Settings says what each download holds: the CSV is the health records only, the JSON is everything.
            let settings = try await browser.get("/settings").text
            #expect(settings.contains("JSON にはこのアカウントのデータがすべて"))
            #expect(settings.contains("CSV には健康記録"))

            let export = try await client.execute(uri: "/api/v1/export", method: .get, headers: .bearer(token))
            let json = try export.json()
            let activity = try #require(json["activity"] as? [String: Any], "the export has the account's activity")

            let tokens = try #require(activity["apiTokens"] as? [[String: Any]])
            #expect(tokens.count == 1)
            #expect(tokens.first?["name"] as? String == "tests")
            #expect(tokens.first?["prefix"] as? String == String(token.prefix(8)))
            let sessions = try #require(activity["sessions"] as? [[String: Any]])
            #expect(sessions.count == 1)
            #expect(sessions.first?["userAgent"] as? String == "Mozilla/5.0 (iPhone) Safari/604.1")
            let runs = try #require(activity["syncRuns"] as? [[String: Any]])
            #expect(runs.first?["status"] as? String == "partial")
            #expect(runs.first?["rejected"] as? Int == 1)
            let confirmed = try #require(activity["confirmedValues"] as? [[String: Any]])
            #expect(confirmed.first?["metric"] as? String == "bodyMass")
            #expect(confirmed.first?["day"] as? String == "2026-10-03")
            #expect((json["workouts"] as? [String: Any])?["e1rmFormula"] as? String == "brzycki")

            // Nothing that signs anyone in: not the token, not the cookie, not their hashes, not the session's CSRF token.
            let session = try #require(try await server.database.activeSessions(userId: userId, now: Date()).first)
            let storedToken = try #require(try await server.database.apiTokens(userId: userId).first)
            for secret in [token, sessionCookie, SecretToken.hash(token), session.tokenHash, storedToken.tokenHash, session.csrfToken] {
                #expect(!export.text.contains(secret))
            }
        }
    }
}
