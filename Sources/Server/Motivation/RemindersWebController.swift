import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `/settings/reminders`: when and where reminders go (on or off, a preferred time or the usual one, quiet hours, a
/// webhook or ntfy topic, the private calendar feed with a "new link" button) and the pauses (holiday, illness) that
/// keep a streak and silence reminders. Plain forms: works without JavaScript.
struct RemindersWebController {
    let reminders: ReminderService
    let motivation: MotivationService
    let pages: WebRenderer
    let csrf: CSRFProtection
    /// Where the feed's address points: a calendar app needs it whole, not as a path.
    let address: PublicAddress

    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("settings/reminders", use: show)
        routes.post("settings/reminders", use: save)
        routes.post("settings/reminders/calendar", use: newCalendarLink)
        routes.post("settings/reminders/pauses", use: addPause)
        routes.post("settings/reminders/pauses/{id}/delete", use: deletePause)
        return routes
    }

    struct SettingsForm: PostedForm {
        var enabled: String?
        var preferredTime: String?
        var quietStart: String?
        var quietEnd: String?
        var webhookURL: String?
        var webhookFormat: String?
        var csrf: String?
    }

    struct PauseForm: PostedForm {
        var first: String?
        var last: String?
        var csrf: String?
    }

    struct PlainForm: PostedForm {
        var csrf: String?
    }

    @Sendable func show(request: Request, context: AppRequestContext) async throws -> Response {
        try await page(request: request, context: context)
    }

    /// A refused form, whose fields the page shows as typed instead of the saved values.
    enum Typed {
        case settings(SettingsForm)
        case pause(PauseForm)
    }

    /// `newCalendarPath`: the feed just made, whose address this one answer shows (only its hash is stored).
    func page(
        request: Request, context: AppRequestContext, error: String? = nil, saved: Bool = false, typed: Typed? = nil, newCalendarPath: String? = nil
    ) async throws -> Response {
        let userId = try context.requireUserId()
        let strings = WebStrings.table(context.language)
        var values = pages.base(context, title: strings["moReminders"]!, csrf: csrf.token(for: request, context: context).token)
        let setting = try await reminders.settings(userId: userId, now: context.now)
        var typedSettings: SettingsForm?
        var typedPause: PauseForm?
        switch typed {
        case .settings(let form): typedSettings = form
        case .pause(let form): typedPause = form
        case nil: break
        }
        values["enabled"] = typedSettings.map { $0.enabled == "1" } ?? setting.enabled
        values["preferredTime"] = typedSettings?.preferredTime ?? setting.preferredTime ?? ""
        values["quietStart"] = typedSettings?.quietStart ?? setting.quietStart
        values["quietEnd"] = typedSettings?.quietEnd ?? setting.quietEnd
        values["webhookURL"] = typedSettings?.webhookURL ?? setting.webhookURL ?? ""
        let format = typedSettings?.webhookFormat.flatMap(WebhookFormat.init(rawValue:)) ?? setting.webhookFormat
        values["webhookFormats"] = WebhookFormat.allCases.map { choice in
            ["value": choice.rawValue, "label": strings[choice == .json ? "moRemindersFormatJSON" : "moRemindersFormatNtfy"] ?? choice.rawValue, "selected": choice == format]
        }
        if let newCalendarPath {
            values["calendarPath"] = newCalendarPath
            values["calendarURL"] = address.absolute(newCalendarPath, request: request)
        }
        values["calendarFeed"] = setting.calendarTokenHash != nil
        values["pauses"] = try await motivation.pauseRows(userId: userId).map { row in
            ["id": row.id ?? 0, "first": row.firstDay, "last": row.lastDay]
        }
        let today = LocalDay(context.now, in: try context.requireUser().resolvedTimeZone).description
        values["pauseFirst"] = typedPause?.first ?? today
        values["pauseLast"] = typedPause?.last ?? today
        if let error { values["error"] = error }
        if saved { values["saved"] = true }
        values["navSettings"] = true
        return pages.render("reminders", values, status: error == nil ? .ok : .badRequest)
    }

    /// Runs `change`; a refusal (bad time, webhook address, too long a pause) shows the page again with its message
    /// in the reader's language and the refused form as it was typed, having changed nothing.
    func attempt(request: Request, context: AppRequestContext, typed: Typed, _ change: () async throws -> Void) async throws -> Response {
        do {
            try await change()
        } catch let error as any DomainError {
            return try await page(request: request, context: context, error: error.message.text(in: context.language), typed: typed)
        }
        return .redirect(to: "/settings/reminders")
    }

    @Sendable func save(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let form = try await request.decodeForm(as: SettingsForm.self, context: context)
        let trimmed: (String?) -> String? = { $0.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } }
        return try await attempt(request: request, context: context, typed: .settings(form)) {
            _ = try await reminders.updateSettings(
                userId: userId, enabled: form.enabled == "1", preferredTime: .some(trimmed(form.preferredTime)),
                quietStart: trimmed(form.quietStart) ?? "", quietEnd: trimmed(form.quietEnd) ?? "",
                webhookURL: .some(trimmed(form.webhookURL)), webhookFormat: trimmed(form.webhookFormat), newCalendarToken: false, now: context.now
            )
        }
    }

    /// Makes a new feed (the old address stops working) and shows the page with its address, this once: only the
    /// token's hash is stored, so a redirect could not show it.
    @Sendable func newCalendarLink(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        let saved = try await reminders.updateSettings(
            userId: userId, enabled: nil, preferredTime: nil, quietStart: nil, quietEnd: nil, webhookURL: nil, newCalendarToken: true, now: context.now
        )
        return try await page(request: request, context: context, newCalendarPath: saved.newCalendarPath)
    }

    @Sendable func addPause(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let form = try await request.decodeForm(as: PauseForm.self, context: context)
        return try await attempt(request: request, context: context, typed: .pause(form)) {
            _ = try await motivation.addPause(userId: userId, first: form.first ?? "", last: form.last ?? "", now: context.now)
        }
    }

    @Sendable func deletePause(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        _ = try await request.decodeForm(as: PlainForm.self, context: context)
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        try await motivation.deletePause(id: id, userId: userId)
        return .redirect(to: "/settings/reminders")
    }
}
