import Foundation
import Health
import Hummingbird
import NIOCore
import Services
import Storage
import Workouts

/// `/workouts/settings`: the e1RM formula, linking and removing BulkTrack devices, CSV import and export.
struct WorkoutsSettingsWebController {
    let workouts: WorkoutService
    let pages: WebRenderer
    let csrf: CSRFProtection
    /// Where an uploaded CSV waits while it is read (the data directory's private imports folder).
    let uploads: ImportService

    /// Years of Strong or Hevy history are a few MiB; the file is read whole once it is on disk.
    static let maxCSVBytes = 64 << 20

    struct FormulaForm: Decodable {
        var formula: String?
        var csrf: String?
    }

    struct DeviceForm: Decodable {
        var deviceId: String?
        var csrf: String?
    }

    struct ImportForm: Decodable {
        var csv: String?
        var unit: String?
        var csrf: String?
    }

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("workouts/settings") { request, context -> Response in
            return try await page(request: request, context: context)
        }
        routes.post("workouts/settings/formula", use: saveFormula)
        routes.post("workouts/settings/devices", use: linkDevice)
        routes.post("workouts/settings/devices/remove", use: removeDevice)
        routes.post("workouts/import", use: importCSV)
        routes.get("workouts/export.csv") { request, context -> Response in
            let user = try context.requireUser()
            _ = try ExportResponse.byteOrderMark(request)
            return try ExportResponse.csv(try await workouts.exportCSV(user: user), filename: "kiroku-workouts.csv", request: request)
        }
        return routes
    }

    func page(request: Request, context: AppRequestContext, notice: String? = nil, error: String? = nil) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let language = context.language
        let strings = WebStrings.table(language)
        var values = pages.base(context, title: strings["woSettings"]!, csrf: csrf.token(for: request, context: context).token)
        values["navWorkouts"] = true
        if let notice { values["notice"] = notice }
        if let error { values["error"] = error }
        let current = try await workouts.formula(userId: user.savedId)
        values["formulas"] = E1RMFormula.allCases.map { ["id": $0.rawValue, "name": $0.name.text(in: language), "selected": $0 == current] }
        values["devices"] = try await workouts.devices(userId: user.savedId).map {
            ["id": $0.deviceId, "lastSeen": WebFormatting.dateTime($0.lastSeenAt, timeZone: user.resolvedTimeZone)]
        }
        return pages.render("workouts-settings", values, status: error == nil ? .ok : .badRequest)
    }

    @Sendable func saveFormula(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let form = try await request.decodeForm(as: FormulaForm.self, context: context)
        guard let formula = form.formula.flatMap(E1RMFormula.init(rawValue:)) else { throw APIError.invalidParameter("formula", expected: .oneOf(E1RMFormula.self)) }
        try await workouts.setFormula(formula, userId: user.savedId)
        return try await page(request: request, context: context, notice: WebStrings.table(context.language)["woFormulaSaved"])
    }

    @Sendable func linkDevice(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let form = try await request.decodeForm(as: DeviceForm.self, context: context)
        let language = context.language
        guard let deviceId = WorkoutDeviceId.checked(form.deviceId ?? "") else {
            let message = LocalizedText(ja: "端末IDは空白を含まない 1〜128 文字の英数字・記号です。", en: "A device id is 1–128 letters, digits or symbols, without spaces.")
            return try await page(request: request, context: context, error: message.text(in: language))
        }
        let outcome: WorkoutDeviceLinkOutcome
        do {
            // A phone that never signed in is registered to this account: with sign-up closed, it is the one way in.
            outcome = try await workouts.linkDevice(deviceId: deviceId, userId: user.savedId, now: context.now)
        } catch WorkoutDeviceLinkError.belongsToAnotherAccount {
            let message = LocalizedText(ja: "その端末は別のアカウントにリンクされています。", en: "That device is linked to another account.")
            return try await page(request: request, context: context, error: message.text(in: language))
        }
        let notice = outcome == .linked ? "woDeviceLinked" : "woDeviceRegistered"
        return try await page(request: request, context: context, notice: WebStrings.table(language)[notice])
    }

    /// Unlinks one of the account's devices and revokes its tokens (the phone is signed out). An id the account has
    /// no device for (removed already, a second tap, another account's) changes nothing and says so: not an error,
    /// since what was asked for is true.
    @Sendable func removeDevice(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let form = try await request.decodeForm(as: DeviceForm.self, context: context)
        let removed = try await workouts.unlinkDevice(deviceId: form.deviceId ?? "", userId: user.savedId, now: context.now)
        let notice = removed ? "woDeviceRemoved" : "woDeviceNotLinked"
        return try await page(request: request, context: context, notice: WebStrings.table(context.language)[notice])
    }

    /// The CSV arrives as a file (`multipart/form-data`, streamed to disk first) or pasted into the form.
    @Sendable func importCSV(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireWorkoutsUser()
        let language = context.language
        let text: String
        let unit: String?
        if UploadReceiver.boundary(request.headers[.contentType] ?? "") != nil {
            let destination = try uploads.newUploadURL()
            defer { try? FileManager.default.removeItem(at: destination) }
            let upload: UploadReceiver.Upload
            do {
                // The form sends its CSRF token before the file: a forged upload is refused before it is stored.
                upload = try await UploadReceiver(limit: Self.maxCSVBytes).receive(request, to: destination) { fields in
                    try csrf.verify(fields["csrf"], request: request, context: context)
                }
            } catch let error as APIError where error.status != .forbidden {
                return try await page(request: request, context: context, error: error.message.text(in: language))
            }
            guard upload.bytes > 0 else {
                return try await page(request: request, context: context, error: UploadReceiver.noFile.message.text(in: language))
            }
            text = String(decoding: try Data(contentsOf: destination), as: UTF8.self)
            unit = upload.fields["unit"]
        } else {
            let form = try await request.decodeForm(as: ImportForm.self, context: context)
            text = form.csv ?? ""
            unit = form.unit
        }
        do {
            let summary = try await workouts.importCSV(text, user: user, strongUnit: WeightUnit(rawValue: unit ?? "") ?? .kg, now: context.now)
            return try await page(request: request, context: context, notice: WorkoutImportSummaryText.describe(summary).text(in: language))
        } catch let error as WorkoutError {
            return try await page(request: request, context: context, error: error.message.text(in: language))
        }
    }
}
