import Foundation
import Health
import Hummingbird
import Services
import Storage

/// `/records`: recent records, the add form with inline errors, delete buttons.
struct RecordsWebController {
    let records: HealthRecordService
    /// The latest imports, listed under the form.
    let imports: ImportService
    let pages: WebRenderer
    let csrf: CSRFProtection
    let metrics: AppMetrics

    static let pageSize = 50

    struct AddForm: Decodable {
        var metric: String?
        var value: String?
        var unit: String?
        var when: String?
        var csrf: String?
        /// Set by the page's script: a record sent again (a double tap, or the offline outbox retrying) is stored once.
        var clientId: String?
    }

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.get("records") { request, context -> Response in
            return try await page(request: request, context: context)
        }
        routes.post("records", use: add)
        routes.post("records/{id}/delete", use: delete)
        return routes
    }

    func page(request: Request, context: AppRequestContext, form: AddForm = AddForm(), error: String? = nil) async throws -> Response {
        let user = try context.requireUser()
        let strings = WebStrings.table(context.language)
        let timeZone = user.resolvedTimeZone
        var query = HealthRecordQuery(limit: Self.pageSize)
        query.cursor = request.uri.queryParameters["cursor"].flatMap { PageCursor(token: String($0)) }
        let shown = request.uri.queryParameters["metric"].flatMap { MetricCatalog.metric(named: String($0)) }
        query.metric = shown?.id
        let page = try await records.records(userId: user.savedId, query: query)
        let selected = form.metric ?? "bodyMass"
        var values = pages.base(context, title: strings["records"]!, csrf: csrf.token(for: request, context: context).token)
        values["navRecords"] = true
        values["categories"] = MetricCategory.allCases.compactMap { category -> [String: Any]? in
            let metrics = MetricCatalog.all.filter { $0.category == category }
            guard !metrics.isEmpty else { return nil }
            return [
                "name": category.name.text(in: context.language),
                "metrics": metrics.map { ["id": $0.id, "name": Self.nameWithUnit($0, context.language), "selected": $0.id == selected] },
            ]
        }
        values["form"] = ["value": form.value ?? "", "unit": form.unit ?? "", "when": form.when ?? ""]
        values["filters"] = [["id": "", "name": strings["allMetrics"]!, "selected": shown == nil]]
            + MetricCatalog.all.map { ["id": $0.id, "name": $0.name.text(in: context.language), "selected": $0.id == shown?.id] }
        values["shownMetric"] = shown?.id ?? ""
        if let error { values["error"] = error }
        let parameters = request.uri.queryParameters
        if parameters["saved"] != nil { values["notice"] = strings["saved"] }
        if parameters["deleted"] != nil { values["notice"] = strings["deleted"] }
        if let warnings = parameters["warn"] {
            values["warnings"] = warnings.split(separator: ",").compactMap { code in
                Self.warningMessages[String(code)]?.text(in: context.language)
            }
        }
        values["records"] = try page.records.map { record -> [String: Any] in
            let metric = MetricCatalog.metric(named: record.metric)
            var row: [String: Any] = [
                "id": try record.savedId,
                "name": metric?.name.text(in: context.language) ?? record.metric,
                "value": WebFormatting.value(record.value, metric: metric),
                "unit": metric?.unitLabel(in: context.language) ?? record.originalUnit,
                "when": WebFormatting.dateTime(record.startAt, timeZone: timeZone),
                "source": RecordSource(rawValue: record.source)?.name.text(in: context.language) ?? record.source,
            ]
            if let hours = Self.hoursAndMinutes(record.value, metric: metric, language: context.language) {
                row["value"] = hours
                row["unit"] = nil
            }
            return row
        }
        // Only when something is older: an empty value would still show the link, pointing at this same page.
        if let next = page.nextCursor?.token { values["nextCursor"] = next }
        let imports = try await imports.recentJobs(userId: user.savedId, limit: 5)
        values["imports"] = try ImportsWebController.recent(imports, language: context.language)
        return pages.render("records", values, status: error == nil ? .ok : .badRequest)
    }

    /// An hour or more of a metric kept in minutes (a night's sleep, time in bed, a long workout) as hours and
    /// minutes, as people say it: "6時間19分" / "6 h 19 min", not "379 min". Nil for everything else.
    static func hoursAndMinutes(_ value: Double, metric: Metric?, language: Language) -> String? {
        guard let metric, metric.canonicalUnit == "min", value.isFinite, value >= 60 else { return nil }
        let minutes = Int(value.rounded())
        return LocalizedText(ja: "\(minutes / 60)時間\(minutes % 60)分", en: "\(minutes / 60) h \(minutes % 60) min").text(in: language)
    }

    /// "歩数 (歩)", "心拍数 (回/分)", "BMI": the unit people read, never a code like "count/min".
    static func nameWithUnit(_ metric: Metric, _ language: Language) -> String {
        let unit = metric.unitLabel(in: language)
        return unit.isEmpty ? metric.name.text(in: language) : "\(metric.name.text(in: language)) (\(unit))"
    }

    /// Warning codes travel in the redirect's query; their text is looked up here, never taken from the URL.
    static let warningMessages: [String: LocalizedText] = [
        "possible_duplicate": .init(ja: "5分以内に同じ項目の記録があります。重複していないか確認してください。", en: "There is another record of this metric within 5 minutes. Check it is not a duplicate."),
        "unusually_high": .init(ja: "通常より高い値です。入力に誤りがないか確認してください。", en: "This value is unusually high. Please check it."),
        "unusually_low": .init(ja: "通常より低い値です。入力に誤りがないか確認してください。", en: "This value is unusually low. Please check it."),
    ]

    @Sendable func add(request: Request, context: AppRequestContext) async throws -> Response {
        let user = try context.requireUser()
        let userId = try user.savedId
        let form = try await request.decodeForm(as: AddForm.self, context: context)
        let language = context.language
        let valueText = WebFormatting.typedNumber(form.value)
        guard let value = Double(valueText) else {
            let error = HealthError.invalidValue(valueText, metric: MetricCatalog.metric(named: form.metric ?? ""))
            return try await page(request: request, context: context, form: form, error: error.message.text(in: language))
        }
        // Left empty, the time is the service's `now`: sent as nil, so a resend of the form under its clientId is
        // not told apart from the first post by an instant the person never typed.
        var start: Date?
        if let when = form.when?.trimmingCharacters(in: .whitespaces), !when.isEmpty {
            do throws(FormDateError) {
                start = try WebFormatting.parseLocalDateTime(when, timeZone: user.resolvedTimeZone)
            } catch {
                return try await page(request: request, context: context, form: form, error: error.message.text(in: language))
            }
        }
        let unit = form.unit?.trimmingCharacters(in: .whitespaces)
        let input = RecordInput(
            metric: form.metric ?? "", value: value, unit: unit?.isEmpty == false ? unit : nil, start: start,
            utcOffsetSeconds: user.resolvedTimeZone.secondsFromGMT(for: start ?? context.now),
            clientId: form.clientId.flatMap { $0.isEmpty ? nil : $0 }
        )
        do {
            let outcome = try await records.add([input], userId: userId, source: .manual, now: context.now)[0]
            if outcome.created { metrics.recordsStored(count: 1, source: RecordSource.manual.rawValue) }
            let warnings = outcome.warnings.map(\.code).joined(separator: ",")
            return .redirect(to: "/records?saved=\(try outcome.record.savedId)" + (warnings.isEmpty ? "" : "&warn=\(warnings)"))
        } catch let failure as HealthRecordService.BatchError {
            metrics.recordsRejected(reason: failure.error.code)
            return try await page(request: request, context: context, form: form, error: failure.error.message.text(in: language))
        } catch let refusal as IdempotencyKeyReused {
            // Shown on the form (a 400, which the offline outbox drops instead of resending forever).
            metrics.recordsRejected(reason: refusal.code)
            return try await page(request: request, context: context, form: form, error: refusal.message.text(in: language))
        }
    }

    @Sendable func delete(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self),
              try await records.delete(id: id, userId: userId, now: context.now)
        else { throw APIError.notFound }
        return .redirect(to: "/records?deleted=1")
    }
}
