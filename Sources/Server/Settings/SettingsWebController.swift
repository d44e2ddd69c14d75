import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `/settings`: profile, API tokens, export, account deletion.
struct SettingsWebController {
    let accounts: AccountService
    let exporter: DataExporter
    let pages: WebRenderer
    let csrf: CSRFProtection
    /// A new token's secret, kept in memory between the POST and the redirected GET that shows it once.
    let newTokens = OneTimeSecrets()

    struct ProfileForm: Decodable {
        var displayName: String?
        var heightCm: String?
        var targetWeightKg: String?
        var timeZone: String?
        var language: String?
        var dateOfBirth: String?
        var biologicalSex: String?
        var csrf: String?
    }

    struct TokenForm: Decodable {
        var name: String?
        var csrf: String?
    }

    struct PasswordForm: Decodable {
        var password: String?
        var csrf: String?
    }

    struct ChangePasswordForm: Decodable {
        var currentPassword: String?
        var newPassword: String?
        var newPasswordConfirmation: String?
        var csrf: String?
    }

    static let timeZones = [
        "Asia/Tokyo", "Asia/Seoul", "Asia/Shanghai", "Asia/Singapore", "Asia/Kolkata", "Europe/London", "Europe/Berlin",
        "America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "Pacific/Honolulu", "Australia/Sydney", "UTC",
    ]

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("settings") { request, context -> Response in
            var secret: String?
            if let session = context.session { secret = await newTokens.take(for: session.tokenHash, now: context.now) }
            return try await page(request: request, context: context, newToken: secret)
        }
        routes.post("settings/profile", use: saveProfile)
        routes.post("settings/tokens", use: createToken)
        routes.post("settings/tokens/{id}/revoke", use: revokeToken)
        routes.post("settings/password", use: changePassword)
        routes.post("settings/sign-out-others", use: signOutOthers)
        routes.post("settings/sessions/{id}/end", use: endSession)
        routes.post("settings/delete-account", use: deleteAccount)
        routes.get("settings/export.csv") { request, context -> Response in
            let user = try context.requireUser()
            return try ExportResponse.recordsCSV(
                exporter, userId: user.savedId, timeZone: user.resolvedTimeZone, request: request, logger: context.logger
            )
        }
        routes.get("settings/export.json") { _, context -> Response in
            ExportResponse.exportJSON(exporter, user: try context.requireUser(), now: context.now, logger: context.logger)
        }
        return routes
    }

    /// The settings page. `typed` is a refused profile form: its fields show what was typed, not the saved values.
    /// `fieldError` is a refused password form's reason, shown under the field it is about (`PasswordFormField`).
    func page(
        request: Request, context: AppRequestContext, user: User? = nil, newToken: String? = nil, error: String? = nil, typed: ProfileForm? = nil,
        fieldError: (field: PasswordFormField, message: String)? = nil
    ) async throws -> Response {
        let user = try user ?? context.requireUser()
        let strings = WebStrings.table(context.language)
        var values = pages.base(context, title: strings["settings"]!, csrf: csrf.token(for: request, context: context).token)
        values["navSettings"] = true
        values["profile"] = [
            "displayName": typed?.displayName ?? user.displayName,
            "heightCm": typed?.heightCm ?? user.heightCm.map { String(format: "%.1f", $0) } ?? "",
            "targetWeightKg": typed?.targetWeightKg ?? user.targetWeightKg.map { String(format: "%.1f", $0) } ?? "",
        ]
        values["characteristics"] = ProfileCharacteristicsForm.values(
            for: user, now: context.now, language: context.language, typedDateOfBirth: typed?.dateOfBirth, typedSex: typed?.biologicalSex
        )
        var zones = Self.timeZones
        if !zones.contains(user.timeZone) { zones.insert(user.timeZone, at: 0) }
        // A typed zone is kept only when it is one of the choices; anything else shows the saved one.
        let zone = typed?.timeZone.flatMap { zones.contains($0) ? $0 : nil } ?? user.timeZone
        values["timeZones"] = zones.map { ["id": $0, "selected": $0 == zone] }
        let language = typed?.language.flatMap { ["", "ja", "en"].contains($0) ? $0 : nil } ?? user.language ?? ""
        values["languages"] = [
            ["code": "", "name": strings["languageAuto"]!, "selected": language == ""],
            ["code": "ja", "name": "日本語", "selected": language == "ja"],
            ["code": "en", "name": "English", "selected": language == "en"],
        ]
        let timeZone = user.resolvedTimeZone
        values["tokens"] = try await accounts.tokens(userId: user.savedId).map { token -> [String: Any] in
            [
                "id": try token.savedId, "name": token.name, "prefix": token.prefix,
                "created": WebFormatting.dateTime(token.createdAt, timeZone: timeZone),
                "lastUsed": token.lastUsedAt.map { WebFormatting.dateTime($0, timeZone: timeZone) } ?? strings["never"]!,
                "lastAddress": token.lastAddress ?? "",
            ]
        }
        let sessions = try await accounts.sessions(userId: user.savedId, now: context.now)
        values["sessions"] = sessions.map { session -> [String: Any] in
            var row: [String: Any] = [
                "id": session.publicId,
                "browser": BrowserDescription.of(session.userAgent) ?? strings["unknownBrowser"]!,
                "created": WebFormatting.dateTime(session.createdAt, timeZone: timeZone),
                "lastUsed": WebFormatting.dateTime(session.lastUsedAt ?? session.createdAt, timeZone: timeZone),
                "current": session.tokenHash == context.session?.tokenHash,
            ]
            if let address = session.address { row["address"] = address }
            return row
        }
        let otherSessions = sessions.count - (context.session == nil ? 0 : 1)
        if otherSessions > 0 {
            values["otherSessions"] = LocalizedText(
                ja: "ほかに \(otherSessions) 台のブラウザでログイン中です。", en: "Signed in on \(otherSessions) other browser\(otherSessions == 1 ? "" : "s")."
            ).text(in: context.language)
        }
        if let newToken { values["newToken"] = newToken }
        if let error { values["error"] = error }
        if let fieldError { values[fieldError.field.rawValue + "Error"] = fieldError.message }
        if let notice = request.uri.queryParameters["notice"].flatMap({ strings[String($0)] }) { values["notice"] = notice }
        var response = pages.render("settings", values, status: error == nil ? .ok : .badRequest)
        // A page showing a token's secret is never kept on the device for offline reading.
        if newToken != nil { response.headers[OfflineAppController.keepHeader] = "no" }
        return response
    }

    /// The page again with the reason; a throttled password check keeps its 429 and `Retry-After`. A reason about
    /// one field of the password form sits under that field, and the page's alert says nothing was changed.
    func refused(_ error: APIError, field: PasswordFormField? = nil, request: Request, context: AppRequestContext) async throws -> Response {
        let message = error.message.text(in: context.language)
        var response = try await page(
            request: request, context: context, error: field == nil ? message : WebStrings.table(context.language)["passwordNotChanged"]!,
            fieldError: field.map { (field: $0, message: message) }
        )
        if error.status == .tooManyRequests {
            response.status = .tooManyRequests
            response.headers.append(contentsOf: error.headers)
        }
        return response
    }

    @Sendable func saveProfile(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: ProfileForm.self, context: context)
        // The page again with what was typed and the rule of the field that is wrong.
        func refuse(_ error: some DomainError) async throws -> Response {
            try await page(request: request, context: context, error: error.message.text(in: context.language), typed: form)
        }
        guard let height = WebFormatting.optionalNumber(form.heightCm) else { return try await refuse(AccountError.invalidProfile(.height)) }
        guard let target = WebFormatting.optionalNumber(form.targetWeightKg) else { return try await refuse(AccountError.invalidProfile(.targetWeight)) }
        do {
            // The form always sends every field, so an emptied number clears the stored value.
            _ = try await accounts.updateProfile(user, with: ProfileUpdate(
                displayName: form.displayName, heightCm: .some(height), targetWeightKg: .some(target),
                timeZone: form.timeZone, language: form.language ?? "",
                dateOfBirth: ProfileCharacteristicsForm.field(form.dateOfBirth), biologicalSex: ProfileCharacteristicsForm.field(form.biologicalSex)
            ), now: context.now)
            return .redirect(to: "/settings?notice=profileSaved")
        } catch let error as any DomainError {
            return try await refuse(error)
        }
    }

    @Sendable func createToken(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: TokenForm.self, context: context)
        do {
            let (secret, _) = try await accounts.createToken(for: user.savedId, name: form.name ?? "", now: context.now)
            // Post → redirect → get: the secret never travels in a URL, shows once at the top, and a reload
            // neither posts again nor shows it again.
            guard let session = context.session else { return try await page(request: request, context: context, newToken: secret) }
            await newTokens.keep(secret, for: session.tokenHash, now: context.now)
            return .redirect(to: "/settings")
        } catch let error as any DomainError {
            return try await page(request: request, context: context, error: error.message.text(in: context.language))
        }
    }

    @Sendable func revokeToken(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        try await accounts.revokeToken(id: id, userId: userId)
        return .redirect(to: "/settings?notice=tokenRevoked")
    }

    @Sendable func changePassword(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: ChangePasswordForm.self, context: context)
        let renewed: (cookie: String, session: Session)?
        do {
            renewed = try await accounts.changePassword(
                user, current: form.currentPassword ?? "", new: form.newPassword ?? "", confirmation: form.newPasswordConfirmation ?? "",
                renewing: context.session, address: context.clientAddress, now: context.now
            )
        } catch let error as any DomainError {
            // The passwords are not sent back: the form comes back empty, with the reason under the field to fix.
            return try await refused(APIError(error), field: PasswordFormField(error), request: request, context: context)
        }
        var response = Response.redirect(to: "/settings?notice=passwordChanged")
        if let renewed { response.setCookie(SessionCookie.make(renewed.cookie, secure: csrf.secureCookies)) }
        return response
    }

    @Sendable func signOutOthers(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        try await accounts.endSessions(userId: userId, keeping: context.session)
        return .redirect(to: "/settings?notice=othersSignedOut")
    }

    /// Signs one browser out (a lost phone, a shared computer).
    @Sendable func endSession(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id") else { throw APIError.notFound }
        try await accounts.endSession(userId: userId, publicId: id)
        return .redirect(to: "/settings?notice=sessionEnded#sessions")
    }

    @Sendable func deleteAccount(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let form = try await request.decodeForm(as: PasswordForm.self, context: context)
        do {
            try await accounts.deleteAccount(user, password: form.password ?? "", address: context.clientAddress, now: context.now)
        } catch let error as any DomainError {
            return try await refused(APIError(error), request: request, context: context)
        }
        var response = Response.redirect(to: "/signin?notice=accountDeleted")
        response.setCookie(SessionCookie.cleared(secure: csrf.secureCookies))
        return response
    }
}

/// Secrets shown once on the next page this browser session opens, then forgotten (or after a minute).
actor OneTimeSecrets {
    private var secrets: [String: (secret: String, until: Date)] = [:]

    func keep(_ secret: String, for key: String, now: Date) {
        secrets = secrets.filter { $0.value.until > now }
        secrets[key] = (secret, now.addingTimeInterval(60))
    }

    func take(for key: String, now: Date) -> String? {
        guard let kept = secrets.removeValue(forKey: key), kept.until > now else { return nil }
        return kept.secret
    }
}
