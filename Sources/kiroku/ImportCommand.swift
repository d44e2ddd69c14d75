import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Health
import HealthImport
import Services
import Storage

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an Apple Health export (export.zip or export.xml), a CSV file (date,metric,value,unit[,source]) or Kiroku's own records CSV export.",
        discussion: """
            Importing the same file again adds nothing. An import that stopped (crash, kill, error) continues \
            where it stopped when run again on the same file. A malformed file stops at the error: everything \
            before it is committed. --reprocess-raw (without a file) turns rows kept raw (an unknown unit or \
            type) that this version maps into samples; run again, it changes nothing.
            """
    )

    @OptionGroup var data: DataOptions
    @Argument(help: "export.zip, export.xml or a .csv file.") var file: String?
    @Option(help: "Owner's username.") var user: String
    @Flag(help: "Promote rows kept raw that this version of Kiroku now maps, instead of importing a file.") var reprocessRaw = false

    /// Two malloc arenas instead of glibc's eight per core: the reading thread allocates each batch and the
    /// writing thread frees it, and with an arena per thread each keeps its own freed memory — 7–10 MiB more
    /// at the peak of an import of the 220 MB benchmark export, for no measurable speed.
    /// (`mallopt` is looked up at run time: Swift's Glibc module does not include malloc.h.)
    private static func capMallocArenas() {
        #if canImport(Glibc)
        let arenaMax: Int32 = -8  // M_ARENA_MAX in malloc.h
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(arenaMax, 2)
        #endif
    }

    func validate() throws {
        guard reprocessRaw != (file != nil) else {
            throw ValidationError(LocalizedText(ja: "ファイルか --reprocess-raw のどちらか一方を指定してください。", en: "Give either a file or --reprocess-raw.").text(in: .terminal))
        }
    }

    func run() async throws {
        Self.capMallocArenas()
        let database = try data.openDatabase()
        let owner = try await data.user(user, in: database)
        guard let file else {
            let summary = try await RawItemReprocessor(database: database).run(userId: owner.savedId, now: Date())
            print(Self.render(summary, in: .terminal))
            return
        }
        let url = URL(fileURLWithPath: file)
        try Self.checkReadableFile(file)
        let importer = AppleHealthImporter(database: database)
        let job = try await importer.prepareJob(userId: owner.savedId, file: url, now: Date())
        if job.itemsCommitted > 0 {
            printError(LocalizedText(
                ja: "前回の読み込み（\(job.itemsCommitted) 件まで完了）の続きから再開します。",
                en: "Resuming the previous import after its first \(job.itemsCommitted) items."
            ))
        }
        let progress = ImportProgressLine(startedItems: job.itemsCommitted)
        let finished: ImportJob
        do {
            finished = try await importer.run(job, file: url, observer: { progress.draw($0) })
            progress.finish()
        } catch let error as ImportError {
            progress.finish()
            if let failed = try await importer.job(id: job.savedId, userId: owner.savedId) { print(ImportSummary(job: failed).render(in: .terminal)) }
            throw CLIError(error.message)
        } catch let error as CSVImportError {
            progress.finish()
            throw CLIError(error.message)
        }
        print(ImportSummary(job: finished).render(in: .terminal))
    }

    /// Refuses, in words, what the importer cannot open: a path that is not there, a folder (the unpacked export,
    /// for one), a file this user may not read.
    static func checkReadableFile(_ file: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw CLIError(LocalizedText(ja: "「\(file)」はありません。パスを確かめてください。", en: "“\(file)” does not exist: check the path."))
        }
        guard !isDirectory.boolValue else {
            throw CLIError(LocalizedText(
                ja: "「\(file)」はフォルダです。export.zip、export.xml または CSV を指定してください。",
                en: "“\(file)” is a folder: choose the export.zip, an export.xml or a CSV."
            ))
        }
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw CLIError(LocalizedText(ja: "ファイル「\(file)」を読めません（権限を確かめてください）。", en: "Cannot read the file “\(file)” (check its permissions)."))
        }
    }

    /// "Promoted 3; still raw: 2 (unknown_type: 2)".
    static func render(_ summary: RawItemReprocessor.Summary, in language: Language) -> String {
        let still = summary.stillRaw.values.reduce(0, +)
        let reasons = summary.stillRaw.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        let detail = reasons.isEmpty ? "" : " (\(reasons))"
        return language == .ja
            ? "サンプルに変換: \(summary.promoted) 件、未変換のまま: \(still) 件\(detail)"
            : "Promoted: \(summary.promoted); still raw: \(still)\(detail)"
    }

    private func printError(_ text: LocalizedText) {
        FileHandle.standardError.write(Data((text.text(in: .terminal) + "\n").utf8))
    }
}

/// The per-type table printed when an import ends.
struct ImportSummary {
    let job: ImportJob

    func render(in language: Language) -> String {
        let header = language == .ja ? ["種類", "追加", "登録済み", "スキップ"] : ["Type", "Imported", "Already present", "Skipped"]
        let rows = job.counts.sorted { $0.key < $1.key }.map { type, tally in
            [Self.name(type, language), String(tally.imported), String(tally.alreadyPresent), String(tally.skipped)]
        }
        let total = job.total
        let totalRow = [language == .ja ? "合計" : "Total", String(total.imported), String(total.alreadyPresent), String(total.skipped)]
        var text = Table(header: header, rows: rows + [totalRow]).render()
        if let exported = job.exportedInstant {
            text += "\n" + (language == .ja ? "書き出し日時: " : "Exported at: ") + exported.wallClockText
        }
        if !job.skippedReasons.isEmpty {
            let reasons = job.skippedReasons.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            text += "\n" + (language == .ja ? "スキップの理由: " : "Skipped because: ") + reasons
        }
        if !job.keptRawReasons.isEmpty {
            let total = job.keptRawReasons.values.reduce(0, +)
            let reasons = job.keptRawReasons.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
            text += "\n" + (language == .ja ? "未変換のまま保存: \(total) 件 (\(reasons))" : "Kept raw: \(total) (\(reasons))")
        }
        if let profile = ProfileCharacteristic.importSummary(job.profileFilled) {
            text += "\n" + profile.text(in: language)
        }
        if let seconds = job.durationSeconds {
            text += "\n" + String(format: language == .ja ? "所要時間 %.1f 秒" : "Took %.1f s", seconds)
        }
        return text
    }

    static func name(_ type: String, _ language: Language) -> String {
        if let metric = MetricCatalog.metric(named: type), metric.id == type { return metric.name.text(in: language) }
        if type == "workout" { return language == .ja ? "ワークアウト" : "Workout" }
        if type == "workoutRoutePoint" { return language == .ja ? "ルートの地点" : "Route points" }
        return type
    }
}

/// bytes %, records/s and ETA on one redrawn line of standard error, only when it is a terminal.
final class ImportProgressLine: @unchecked Sendable {
    private let started = Date()
    private let startedItems: Int
    private let lock = NSLock()

    init(startedItems: Int) {
        self.startedItems = startedItems
    }

    func draw(_ job: ImportJob) {
        guard ProgressBar.isTerminal, job.bytesTotal > 0 else { return }
        let fraction = min(1, Double(job.bytesProcessed) / Double(job.bytesTotal))
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        let rate = Double(job.itemsCommitted - startedItems) / elapsed
        let remaining = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0
        let width = 30
        let filled = Int(Double(width) * fraction)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let line = String(format: "\r%@ %3.0f%%  %d records/s  ETA %d:%02d ", bar, fraction * 100, Int(rate), Int(remaining) / 60, Int(remaining) % 60)
        lock.withLock { FileHandle.standardError.write(Data(line.utf8)) }
    }

    func finish() {
        ProgressBar.finish()
    }
}
