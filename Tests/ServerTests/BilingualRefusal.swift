import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// One API request asked in Japanese and in English, so a test can hold both answers to the same standard: the
/// status, the code, and what each language's message must say.
struct BilingualRefusal {
    let ja: TestResponse
    let en: TestResponse

    static func ask(
        _ client: any TestClientProtocol, _ uri: String, method: HTTPRequest.Method = .get, token: String, body: Any? = nil
    ) async throws -> BilingualRefusal {
        func asked(in language: String) async throws -> TestResponse {
            try await client.execute(uri: uri, method: method, headers: .bearer(token, language: language), body: body.map(jsonBody))
        }
        return BilingualRefusal(ja: try await asked(in: "ja"), en: try await asked(in: "en"))
    }

    /// Both answers are `status` with `code`, and each message holds every one of its phrases.
    func expect(
        _ status: HTTPResponse.Status = .badRequest, code: String, ja jaPhrases: [String], en enPhrases: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (answer, phrases) in [(ja, jaPhrases), (en, enPhrases)] {
            #expect(answer.status == status, "\(answer.text)", sourceLocation: sourceLocation)
            #expect(answer.errorCode == code, "\(answer.text)", sourceLocation: sourceLocation)
            for phrase in phrases {
                #expect(answer.errorMessage?.contains(phrase) == true, "“\(phrase)” missing from \(answer.errorMessage ?? answer.text)", sourceLocation: sourceLocation)
            }
        }
    }
}
