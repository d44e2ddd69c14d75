import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Testing

/// A wrong or revoked API key is refused before anything else about the request is known, and the refusal is the
/// error clients see most: it answers in the request's Accept-Language like every other API error.
@Suite struct RefusedTokenLanguageTests {
    @Test func aWrongKeyIsRefusedInTheLanguageAsked() async throws {
        let server = try TestServer()
        try await server.test { client in
            for (name, value) in [("Authorization", "Bearer krk_wrong"), ("X-API-Key", "krk_wrong")] {
                for (language, expected) in [("en", "Authentication required. Check your API token."), ("ja", "認証が必要です。APIトークンを確認してください。")] {
                    var headers: HTTPFields = [.acceptLanguage: language]
                    headers[HTTPField.Name(name)!] = value
                    let response = try await client.execute(uri: "/api/v1/records", method: .get, headers: headers)
                    #expect(response.status == .unauthorized)
                    #expect(response.errorCode == "unauthorized")
                    #expect(response.errorMessage == expected, "\(name) with Accept-Language \(language)")
                    #expect(response.headers[.contentLanguage] == language)
                }
            }
        }
    }
}
