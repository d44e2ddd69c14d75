import Foundation
import Health
import Hummingbird
import Motivation
import Mustache
import Storage

/// Renders the server-side pages from the Mustache templates shipped in the module's resources.
public struct WebRenderer: Sendable {
    let library: MustacheLibrary

    public init() async throws {
        guard let directory = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw WebRendererError.templatesMissing
        }
        library = try await MustacheLibrary(directory: directory.path)
    }

    enum WebRendererError: Error {
        case templatesMissing
        case templateFailed(String)
    }

    /// The values every page needs: language, strings, the signed-in user, the CSRF token.
    func base(_ context: AppRequestContext, title: String, csrf: String?) -> [String: Any] {
        let strings = WebStrings.table(context.language)
        var values: [String: Any] = [
            "lang": context.language.rawValue,
            "t": strings,
            "title": title,
            "csrf": csrf ?? "",
            "otherLanguage": context.language == .ja ? "en" : "ja",
            "otherLanguageName": context.language == .ja ? "English" : "日本語",
            // The language switch brings people back to the page they were reading.
            "returnPath": context.path,
        ]
        if let user = context.user {
            values["user"] = ["name": user.displayName.isEmpty ? user.username : user.displayName]
            values["outboxOwner"] = context.outboxOwner ?? ""
            values["accountZone"] = user.resolvedTimeZone.identifier
            if context.unreadInbox > 0 { values["unreadInbox"] = context.unreadInbox }
            if !context.celebrations.isEmpty {
                values["celebrate"] = ["badges": context.celebrations.map { badge -> [String: Any] in
                    ["name": badge.name.text(in: context.language), "svg": MotivationWebController.svg(badge, earned: true, language: context.language)]
                }]
            }
        }
        return values
    }

    func render(_ template: String, _ values: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        var values = values
        TabBar.mark(&values)
        let html = library.render(values, withTemplate: template) ?? "<!doctype html><meta charset=\"utf-8\"><p>template \(template) missing</p>"
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8",
                .cacheControl: "no-store",
                .init("X-Frame-Options")!: "DENY",
                .init("Referrer-Policy")!: "same-origin",
                .contentSecurityPolicy: "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }

    func errorPage(_ error: APIError, context: AppRequestContext) -> Response {
        // Signed in, the page's sign-out form needs the session's token like any other page.
        var values = base(context, title: WebStrings.table(context.language)["error"] ?? "Error", csrf: context.session?.csrfToken)
        values["status"] = error.status.code
        values["message"] = error.message.text(in: context.language)
        var response = render("error", values, status: error.status)
        // An error's own headers (`Allow` on a 405, `Retry-After`) belong on the page too.
        for field in error.headers where response.headers[field.name] == nil { response.headers.append(field) }
        return response
    }
}

extension Response {
    /// 303 See Other: the answer to a form post, so a reload doesn't post again.
    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
