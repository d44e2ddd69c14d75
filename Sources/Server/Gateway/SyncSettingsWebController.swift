import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `/settings/sync`: both directions of the gateway. Where this Kiroku pushes (the target the CLI's
/// `kiroku sync configure` saved, never its credentials), what is waiting, and every attempt; and how to point
/// a phone's gateway app at this server.
struct SyncSettingsWebController {
    let database: AppDatabase
    let pages: WebRenderer
    let files: UserFiles
    /// Whether people reach this server over HTTPS (it serves TLS, or sits behind a TLS proxy).
    let servesHTTPS: Bool
    let agent: SyncAgentService
    let csrf: CSRFProtection

    /// The parts of the agent's settings file a page may show.
    struct TargetSummary: Decodable {
        let url: URL
        let metrics: [String]
        let label: String
        let caFile: String?
        let accessRevokedAt: Date?
    }

    struct TargetForm: Decodable {
        var url: String?
        var port: String?
        var apiKey: String?
        var username: String?
        var password: String?
        var categories: [String]?
    }

    /// Saves the target (R4): an HTTPS address only, a port in range, an API key or a username and password, the
    /// categories to send. A refused field shows its reason and nothing is saved.
    @Sendable func configure(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: TargetForm.self, context: context)
        let notice: LocalizedText
        var failed = false
        do {
            let port = try form.port.flatMap { $0.isEmpty ? nil : $0 }.map { text -> Int in
                guard let port = Int(text) else { throw ServiceError.invalidParameter("port") }
                return port
            }
            try agent.configure(
                user: user, url: form.url ?? "", port: port, apiKey: form.apiKey, username: form.username, password: form.password,
                categories: form.categories ?? []
            )
            notice = LocalizedText(ja: "送信先を保存しました。", en: "Saved the gateway.")
        } catch let error as any DomainError {
            notice = error.message
            failed = true
        }
        var values = try await pageValues(request: request, context: context)
        values[failed ? "formError" : "notice"] = notice.text(in: context.language)
        return pages.render("sync", values, status: failed ? .badRequest : .ok)
    }

    /// "Test connection": says in words whether the address, the certificate and the credentials work.
    @Sendable func testConnection(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let notice: LocalizedText
        do {
            notice = try await agent.testConnection(user: user)
        } catch let error as any DomainError {
            notice = error.message
        }
        var values = try await pageValues(request: request, context: context)
        values["notice"] = notice.text(in: context.language)
        return pages.render("sync", values)
    }

    /// "Sync now" (R8): one run, refused while another is going on (the daemon's, the CLI's or another tab's).
    /// The answer comes back to the page as a notice; the attempt is in the history either way.
    @Sendable func syncNow(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let notice: LocalizedText
        do {
            notice = try await agent.syncNowSummary(user: user)
        } catch let error as SyncAgentError {
            notice = error.message
        }
        var values = try await pageValues(request: request, context: context)
        values["notice"] = notice.text(in: context.language)
        return pages.render("sync", values)
    }

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("settings/sync", use: page)
        routes.post("settings/sync/run", use: syncNow)
        routes.post("settings/sync/test", use: testConnection)
        routes.post("settings/sync/configure", use: configure)
        return routes
    }

    @Sendable func page(request: Request, context: AppRequestContext) async throws -> Response {
        pages.render("sync", try await pageValues(request: request, context: context))
    }

    func pageValues(request: Request, context: AppRequestContext) async throws -> [String: Any] {
        let user = try context.requireUser()
        let language = context.language
        let strings = WebStrings.table(language)
        var values = pages.base(context, title: strings["syncTitle"]!, csrf: csrf.token(for: request, context: context).token)
        values["running"] = agent.isRunning(userId: try user.savedId)
        values["categories"] = MetricCategory.allCases.map { ["id": $0.rawValue, "name": $0.name.text(in: language)] }
        values["navSettings"] = true
        let file = try files.syncConfiguration(for: user)
        if let data = FileManager.default.contents(atPath: file.path), let target = try? JSONDecoder().decode(TargetSummary.self, from: data) {
            let names = target.metrics.compactMap { MetricCatalog.metric(named: $0)?.name.text(in: language) }.sorted()
            values["target"] = [
                "url": target.url.absoluteString, "label": target.label, "privateCA": target.caFile != nil,
                "metrics": names.isEmpty ? strings["syncAllTypes"]! : names.joined(separator: "、"),
            ]
            if target.accessRevokedAt != nil { values["revoked"] = SyncAgentError.accessRevoked.message.text(in: language) }
            values["waiting"] = try await database.unsyncedCount(userId: user.savedId, metrics: Set(target.metrics))
        }
        let timeZone = user.resolvedTimeZone
        values["attempts"] = try await database.syncAttempts(userId: user.savedId, limit: 20).map { attempt -> [String: Any] in
            var row: [String: Any] = [
                "when": WebFormatting.dateTime(attempt.startedAt, timeZone: timeZone), "status": strings["syncStatus_" + attempt.status] ?? attempt.status,
                "failed": attempt.status == "failed", "sent": attempt.sent, "rejected": attempt.rejected,
                "duration": String(format: "%.1f", attempt.duration),
            ]
            row["error"] = attempt.error
            return row
        }
        values["hasAttempts"] = !(values["attempts"] as? [Any] ?? []).isEmpty
        // The sign-in name (the display name is not what the CLI takes) and the gateway's full address, as the phone
        // app needs it: this server's scheme and the host the browser reached it by.
        values["username"] = user.username
        let host = request.head.authority ?? "127.0.0.1"
        values["endpoint"] = "\(servesHTTPS ? "https" : "http")://\(host)/api/v1/health-data/"
        return values
    }
}
