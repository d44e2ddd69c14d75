import Foundation
import Health
import HealthImport
import Hummingbird
import Services
import Storage

/// The web side of imports: the upload form on the records page posts here; the status page shows progress
/// (refreshing itself without JavaScript) and the per-type summary when done.
struct ImportsWebController {
    let imports: ImportService
    let pages: WebRenderer
    let csrf: CSRFProtection

    /// Pages for a signed-in user: mounted behind the sign-in guard and the CSRF guard.
    var endpoints: RouteCollection<AppRequestContext> {
        let routes = RouteCollection(context: AppRequestContext.self)
        routes.post("imports", use: upload)
        routes.get("imports/{id}", use: status)
        return routes
    }

    @Sendable func upload(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        let destination = try imports.newUploadURL()
        // The form sends its CSRF token before the file: a forged upload is refused before it is stored.
        let upload = try await UploadReceiver(limit: imports.maxUploadBytes).receive(request, to: destination) { fields in
            try csrf.verify(fields["csrf"], request: request, context: context)
        }
        let keep = upload.fields["keep"] != nil
        let job = try await imports.start(userId: userId, upload: destination, fileName: upload.fileName, keepFile: keep, logger: context.logger)
        return .redirect(to: "/imports/\(try job.savedId)")
    }

    @Sendable func status(request: Request, context: AppRequestContext) async throws -> Response {
        let userId = try context.requireUserId()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw APIError.notFound }
        let job = try await imports.job(id: id, userId: userId)
        let language = context.language
        let strings = WebStrings.table(language)
        var values = pages.base(context, title: strings["impStatus"]!, csrf: csrf.token(for: request, context: context).token)
        values["navRecords"] = true
        let response = try ImportJobResponse(job, language: language)
        values["fileName"] = job.fileName
        values["state"] = job.state.rawValue
        values["stateName"] = Self.stateName(job.state, language)
        values["finished"] = job.isFinished
        values["succeeded"] = job.state == .succeeded
        values["percent"] = Int((response.progress * 100).rounded(.down))
        values["fileKept"] = job.keepFile
        if let error = response.error { values["errorMessage"] = error.message }
        if let profile = ProfileCharacteristic.importSummary(job.profileFilled) { values["profileFilled"] = profile.text(in: language) }
        // The phone's own clock and offset, as the export wrote it: which export this was, in the person's words.
        if let exported = job.exportedInstant {
            values["exportedAt"] = exported.wallClockText
            values["exportedAtISO"] = exported.iso8601WithOffset
        }
        values["hasCounts"] = !job.counts.isEmpty
        // Catalog metrics first (by their names), then what was kept raw.
        let sorted = job.counts.sorted { left, right in
            let known = (MetricCatalog.metric(named: left.key)?.id == left.key, MetricCatalog.metric(named: right.key)?.id == right.key)
            return known.0 != known.1 ? known.0 : left.key < right.key
        }
        values["counts"] = sorted.map { type, tally in
            ["name": Self.typeName(type, language), "imported": tally.imported, "present": tally.alreadyPresent, "skipped": tally.skipped] as [String: Any]
        }
        let total = job.total
        values["total"] = ["imported": total.imported, "present": total.alreadyPresent, "skipped": total.skipped]
        if !job.keptRawReasons.isEmpty {
            values["keptRaw"] = "\(job.keptRawReasons.values.reduce(0, +)) (\(Self.reasons(job.keptRawReasons, language)))"
        }
        // A skip is never a bare number: each reason is named.
        if !job.skippedReasons.isEmpty {
            values["skippedReasons"] = "\(job.skippedReasons.values.reduce(0, +)) (\(Self.reasons(job.skippedReasons, language)))"
        }
        return pages.render("import", values)
    }

    /// "日付を読めない 1、単位が不明 2": reasons in words, most frequent first.
    static func reasons(_ counts: [String: Int], _ language: Language) -> String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\(reasonNames[$0.key]?.text(in: language) ?? $0.key) \($0.value)" }
            .joined(separator: language == .ja ? "、" : ", ")
    }

    static let reasonNames: [String: LocalizedText] = [
        "bad_date": .init(ja: "日付が読めないか範囲外（1900年より前・1日以上先）", en: "date unreadable or out of range (before 1900, over a day ahead)"),
        "bad_value": .init(ja: "値が数値でない", en: "value is not a number"),
        "unknown_unit": .init(ja: "単位が不明", en: "unknown unit"),
        "unknown_type": .init(ja: "Kiroku が知らない種類", en: "type Kiroku does not know"),
        "no_metric": .init(ja: "対応する項目がない（覚醒中の睡眠など）", en: "no matching metric (e.g. awake in sleep)"),
        "unmatched_route": .init(ja: "どのワークアウトにも属さないルートファイル", en: "route file no workout refers to"),
    ]

    /// Recent imports for the records page.
    static func recent(_ jobs: [ImportJob], language: Language) throws -> [[String: Any]] {
        try jobs.map { ["id": try $0.savedId, "fileName": $0.fileName, "stateName": stateName($0.state, language)] }
    }

    static func stateName(_ state: ImportJob.State, _ language: Language) -> String {
        let key = switch state {
        case .queued: "impQueued"
        case .running: "impRunning"
        case .succeeded: "impSucceeded"
        case .failed: "impFailed"
        }
        return WebStrings.all[key]!.text(in: language)
    }

    /// Export elements and correlations counted under their own HealthKit names: what a person calls them.
    static let elementNames: [String: LocalizedText] = [
        "ActivitySummary": .init(ja: "アクティビティの概要", en: "Activity summaries"),
        "Me": .init(ja: "プロフィール", en: "Profile"),
        "ClinicalRecord": .init(ja: "臨床記録", en: "Clinical records"),
        "Audiogram": .init(ja: "聴力検査", en: "Hearing tests"),
        "VisionPrescription": .init(ja: "視力の処方", en: "Vision prescriptions"),
        "HKCorrelationTypeIdentifierBloodPressure": .init(ja: "血圧（最高・最低の組）", en: "Blood pressure (pairs)"),
        "HKCorrelationTypeIdentifierFood": .init(ja: "食事（栄養素の組）", en: "Food (nutrient groups)"),
    ]

    static func typeName(_ type: String, _ language: Language) -> String {
        if let metric = MetricCatalog.metric(named: type), metric.id == type { return metric.name.text(in: language) }
        if type == "workout" { return LocalizedText(ja: "ワークアウト", en: "Workouts").text(in: language) }
        if type == "workoutRoutePoint" { return LocalizedText(ja: "ルートの地点", en: "Route points").text(in: language) }
        if type == "WorkoutRoute" { return LocalizedText(ja: "ルート（未変換）", en: "Routes (kept raw)").text(in: language) }
        if let name = elementNames[type] { return name.text(in: language) }
        // A catalog metric kept raw (a bad date, an odd unit) goes by its own name, marked as kept raw.
        if let metric = MetricCatalog.metric(named: type) {
            return LocalizedText(ja: "\(metric.name.ja)（未変換）", en: "\(metric.name.en) (kept raw)").text(in: language)
        }
        // Raw HealthKit identifiers are long; their prefix says nothing a person needs on a phone screen. A type
        // Kiroku does not know is said to be one, in the page's language, with its short name for reference.
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier", "HKDataType"]
        where type.hasPrefix(prefix) {
            let short = String(type.dropFirst(prefix.count))
            return LocalizedText(ja: "未対応の種類（\(short)）", en: "Not supported yet (\(short))").text(in: language)
        }
        return type
    }
}
