import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `/settings/sync`: both directions of the gateway. Where this Kiroku pushes (the target the CLI's
/// `kiroku sync configure` saved, never its credentials), what is waiting, and every attempt; and how to point
/// a phone's gateway app at this server.
struct SyncSettingsWebController {
    let pages: WebRenderer
    let files: UserFiles
    /// Whether people reach this server over HTTPS (it serves TLS, or sits behind a TLS proxy).
    let servesHTTPS: Bool
    let agent: SyncAgentService
    let scheduler: SyncScheduler
    let csrf: CSRFProtection

    /// The parts of the agent's settings file a page may show.
    struct TargetSummary: Decodable {
        let url: URL
        let metrics: [String]
        let label: String
        let caFile: String?
        let accessRevokedAt: Date?
        let frequency: SyncFrequency?
        let keepFreeBytes: Int64?
        let maxSyncedRecords: Int?
    }

    struct TargetForm: Decodable {
        var url: String?
        var port: String?
        var apiKey: String?
        var username: String?
        var password: String?
        var categories: [String]?
        var types: [String]?
        var frequency: String?
    }

    struct FrequencyForm: Decodable {
        var frequency: String?
    }

    struct StorageForm: Decodable {
        var keepFree: String?
        var maxSynced: String?
    }

    /// The frequency a form sent, or a refusal naming the field (an unknown value is never saved as something else).
    static func frequency(_ text: String?) throws -> SyncFrequency? {
        guard let text, !text.isEmpty else { return nil }
        guard let frequency = SyncFrequency(rawValue: text) else { throw ServiceError.invalidParameter("frequency", expected: .oneOf(SyncFrequency.self)) }
        return frequency
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
                guard let port = Int(text) else { throw ServiceError.invalidParameter("port", expected: .integer(1...65_535)) }
                return port
            }
            try agent.configure(
                user: user, url: form.url ?? "", port: port, apiKey: form.apiKey, username: form.username, password: form.password,
                categories: form.categories ?? [], types: form.types ?? [], frequency: try Self.frequency(form.frequency)
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

    /// "Sync now" (R8): starts a run in the background and comes back to the page, which shows its progress until it
    /// ends and then what it did. Refused at once, with the reason, while another run is going on (the daemon's,
    /// the CLI's or another tab's), when nothing is configured, or when the gateway refused the key.
    @Sendable func syncNow(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        do {
            try scheduler.start(user: user)
            return Response.redirect(to: "/settings/sync?started=1", type: .found)
        } catch let error as SyncAgentError {
            var values = try await pageValues(request: request, context: context)
            values["notice"] = error.message.text(in: context.language)
            return pages.render("sync", values, status: HTTPResponse.Status(code: error.httpStatus))
        }
    }

    /// Saves the storage rule (R9); the scheduler applies it within a minute, whatever the frequency.
    @Sendable func saveStorageRule(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: StorageForm.self, context: context)
        do {
            try agent.setStorageRule(keepFree: form.keepFree, maxSynced: form.maxSynced, user: user)
            var values = try await pageValues(request: request, context: context)
            values["notice"] = LocalizedText(ja: "容量のルールを保存しました。", en: "Saved the storage rule.").text(in: context.language)
            return pages.render("sync", values)
        } catch let error as any DomainError {
            var values = try await pageValues(request: request, context: context)
            values["formError"] = error.message.text(in: context.language)
            return pages.render("sync", values, status: .badRequest)
        }
    }

    /// Saves how often to sync on its own; the server's scheduler follows it from its next look.
    @Sendable func saveFrequency(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: FrequencyForm.self, context: context)
        var values: [String: Any]
        do {
            guard let frequency = try Self.frequency(form.frequency) else { throw ServiceError.invalidParameter("frequency", expected: .oneOf(SyncFrequency.self)) }
            try agent.setFrequency(frequency, user: user)
            values = try await pageValues(request: request, context: context)
            values["notice"] = LocalizedText(ja: "同期の頻度を保存しました。", en: "Saved how often to sync.").text(in: context.language)
            return pages.render("sync", values)
        } catch let error as any DomainError {
            values = try await pageValues(request: request, context: context)
            values["formError"] = error.message.text(in: context.language)
            return pages.render("sync", values, status: .badRequest)
        }
    }

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("settings/sync", use: page)
        routes.post("settings/sync/run", use: syncNow)
        routes.post("settings/sync/test", use: testConnection)
        routes.post("settings/sync/configure", use: configure)
        routes.post("settings/sync/frequency", use: saveFrequency)
        routes.post("settings/sync/storage", use: saveStorageRule)
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
        let userId = try user.savedId
        if let progress = agent.progress(userId: userId) {
            values["running"] = true
            values["progress"] = ["sent": progress.sent, "total": progress.total, "percent": progress.percent]
            // Without JavaScript the page follows the run by reloading itself until the lock is released.
            values["refreshSeconds"] = 2
        } else if request.uri.queryParameters["started"] != nil, let last = try await agent.attempts(userId: userId, limit: 1).first {
            values["notice"] = SyncAgentService.describe(last).text(in: language)
        }
        values["navSettings"] = true
        let file = try files.syncConfiguration(for: user)
        if let data = FileManager.default.contents(atPath: file.path), let target = try? JSONDecoder().decode(TargetSummary.self, from: data) {
            let names = target.metrics.compactMap { MetricCatalog.metric(named: $0)?.name.text(in: language) }.sorted()
            values["target"] = [
                "url": target.url.absoluteString, "label": target.label, "privateCA": target.caFile != nil,
                "metrics": names.isEmpty ? strings["syncAllTypes"]! : names.joined(separator: "、"),
            ]
            if target.accessRevokedAt != nil { values["revoked"] = SyncAgentError.accessRevoked.message.text(in: language) }
            values["frequencies"] = Self.frequencyOptions(selected: target.frequency ?? .manual, strings: strings)
            values["keepFree"] = target.keepFreeBytes.map(Self.byteText) ?? ""
            values["maxSynced"] = target.maxSyncedRecords.map(String.init) ?? ""
            values["waiting"] = try await agent.waitingCount(userId: user.savedId, metrics: Set(target.metrics))
        }
        let timeZone = user.resolvedTimeZone
        values["attempts"] = try await agent.attempts(userId: user.savedId, limit: 20).map { attempt -> [String: Any] in
            var row: [String: Any] = [
                "when": WebFormatting.dateTime(attempt.startedAt, timeZone: timeZone), "status": strings["syncStatus_" + attempt.status] ?? attempt.status,
                "failed": attempt.status == "failed", "sent": attempt.sent, "rejected": attempt.rejected,
                "duration": String(format: "%.1f", attempt.duration),
            ]
            row["error"] = attempt.error
            return row
        }
        let saved = (values["frequencies"] as? [[String: Any]]) ?? Self.frequencyOptions(selected: .manual, strings: strings)
        values["frequencyChoices"] = saved
        let chosen = Set(savedMetrics(user: user) ?? [])
        values["categories"] = MetricCategory.allCases.map { category -> [String: Any] in
            [
                "id": category.rawValue, "name": category.name.text(in: language),
                "types": MetricCatalog.metrics(in: category).map { ["id": $0.id, "name": $0.name.text(in: language), "checked": chosen.contains($0.id)] },
            ]
        }
        values["hasAttempts"] = !(values["attempts"] as? [Any] ?? []).isEmpty
        // The sign-in name (the display name is not what the CLI takes) and the gateway's full address, as the phone
        // app needs it: this server's scheme and the host the browser reached it by.
        values["username"] = user.username
        let host = request.head.authority ?? "127.0.0.1"
        values["endpoint"] = "\(servesHTTPS ? "https" : "http")://\(host)/api/v1/health-data/"
        return values
    }

    /// The metric ids the saved target sends, to tick them on the form.
    func savedMetrics(user: User) -> [String]? {
        guard let file = try? files.syncConfiguration(for: user), let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return (try? JSONDecoder().decode(TargetSummary.self, from: data))?.metrics
    }

    static func frequencyOptions(selected: SyncFrequency, strings: [String: String]) -> [[String: Any]] {
        SyncFrequency.allCases.map { frequency in
            let key = "syncFrequency" + frequency.rawValue.prefix(1).uppercased() + frequency.rawValue.dropFirst()
            return ["id": frequency.rawValue, "name": strings[key] ?? frequency.rawValue, "selected": frequency == selected]
        }
    }

    /// Bytes as the field takes them back: "2G" rather than 2147483648 when it divides evenly.
    static func byteText(_ bytes: Int64) -> String {
        for (unit, size) in [("T", Int64(1) << 40), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % size == 0 {
            return "\(bytes / size)\(unit)"
        }
        return String(bytes)
    }
}
