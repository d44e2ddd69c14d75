import ArgumentParser
import Foundation
import Health
import Services
import Storage

/// `kiroku records add|list` (also `kiroku record …`, the name older scripts use): the one command for health records.
struct RecordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "Add and list health records.",
        subcommands: [Add.self, List.self],
        defaultSubcommand: List.self,
        aliases: ["record"]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add one record, validated like the web form.")

        @OptionGroup var data: DataOptions
        @Option(help: "Owner's username.") var user: String
        @Option(help: "Metric: catalog id, alias or HealthKit identifier (weight, steps, heartRate, …).") var metric: String
        @Option(help: "The value.") var value: Double
        @Option(help: "Unit (default: the metric's canonical unit).") var unit: String?
        @Option(help: "When, ISO 8601 (default: now).") var at: String?

        func run() async throws {
            let database = try data.openDatabase()
            let owner = try await data.user(user, in: database)
            let start = try InstantOption.value(at, option: "--at", now: Date())
            let service = HealthRecordService(database: database)
            do {
                let outcome = try await service.add(
                    [RecordInput(metric: metric, value: value, unit: unit, start: start, utcOffsetSeconds: owner.resolvedTimeZone.secondsFromGMT(for: start))],
                    userId: try owner.savedId, source: .manual, now: Date()
                )[0]
                let record = outcome.record
                guard let metric = MetricCatalog.metric(named: record.metric) else { throw CLIError(HealthError.unknownMetric(record.metric).message) }
                let id = try record.savedId
                let language = Language.terminal
                print(LocalizedText(
                    ja: "保存しました: \(metric.name.ja) \(metric.format(record.value)) \(metric.canonicalUnit)（ID \(id)）",
                    en: "Saved: \(metric.name.en) \(metric.format(record.value)) \(metric.canonicalUnit) (id \(id))"
                ).text(in: language))
                for warning in outcome.warnings {
                    print("⚠︎ " + warning.message.text(in: language))
                }
            } catch let failure as HealthRecordService.BatchError {
                throw CLIError(failure.error.message)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a user's records, newest first.")

        @OptionGroup var data: DataOptions
        @Option(help: "Owner's username.") var user: String
        @Option(help: "Only this metric.") var metric: String?
        @Option(help: "How many, newest first (0 lists none).") var limit: Int = 20

        func validate() throws {
            guard limit >= 0 else {
                throw ValidationError("--limit must be 0 or more, not \(limit). / --limit は 0 以上で指定してください（\(limit) は使えません）。")
            }
        }

        func run() async throws {
            let database = try data.openDatabase()
            let owner = try await data.user(user, in: database)
            let service = HealthRecordService(database: database)
            var query = HealthRecordQuery()
            if let metric {
                guard let known = MetricCatalog.metric(named: metric) else { throw CLIError(HealthError.unknownMetric(metric).message) }
                query.metric = known.id
            }
            let language = Language.terminal
            let header = language == .ja ? ["ID", "日時", "項目", "値", "単位", "取得元"] : ["ID", "WHEN", "METRIC", "VALUE", "UNIT", "SOURCE"]
            let timeZone = owner.resolvedTimeZone
            let formatter = ISO8601DateFormatter()
            formatter.timeZone = timeZone
            // The service hands out pages of at most PageRequest.maxLimit (and one row for a limit of 0): read
            // pages until the limit is met.
            var records: [HealthRecord] = []
            while records.count < limit {
                query.limit = min(limit - records.count, PageRequest.maxLimit)
                let page = try await service.records(userId: owner.savedId, query: query)
                records += page.records.prefix(limit - records.count)
                guard let next = page.nextCursor else { break }
                query.cursor = next
            }
            let rows = try records.map { record in
                let metric = MetricCatalog.metric(named: record.metric)
                return [
                    String(try record.savedId), formatter.string(from: record.startAt), metric?.name.text(in: language) ?? record.metric,
                    metric?.format(record.value) ?? String(record.value), metric?.canonicalUnit ?? record.originalUnit, record.source,
                ]
            }
            print(Table(header: header, rows: rows).render())
        }
    }
}
