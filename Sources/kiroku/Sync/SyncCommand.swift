import ArgumentParser
import Foundation
import Health
import KirokuClient
import Logging
import ServiceLifecycle
import Services
import Storage
import UnixSignals

/// `kiroku sync …`: push this instance's records to a health data gateway (the phone app's protocol), such as
/// another Kiroku.
struct SyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Push records to a health data gateway over HTTPS.",
        subcommands: [Configure.self, Run.self, Status.self, History.self, Daemon.self]
    )

    struct Owner: ParsableArguments {
        @OptionGroup var data: DataOptions
        @Option(help: "Whose records to push.") var user: String

        func open() async throws -> (AppDatabase, User, SyncTargetFile) {
            let database = try data.openDatabase()
            let user = try await data.user(user, in: database)
            let file = try SyncTargetFile(dataDirectory: data.directoryURL, user: user)
            if try file.tightenPermissions() {
                let notice = LocalizedText(
                    ja: "警告: \(file.url.path) を他のユーザーも読める状態でした。0600（フォルダーは 0700）に戻しました。",
                    en: "Warning: \(file.url.path) could be read by other users. Its mode is back to 0600 (its folder 0700)."
                )
                FileHandle.standardError.write(Data((notice.text(in: .terminal) + "\n").utf8))
            }
            return (database, user, file)
        }
    }

    struct Configure: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set the gateway, its credentials and what to send.")

        @OptionGroup var owner: Owner
        @Option(help: "The gateway's HTTPS URL.") var url: String
        @Option(help: "Port, if not in the URL (1–65535).") var port: Int?
        @Option(name: .customLong("api-key"), help: "The gateway's API key (X-API-Key).") var apiKey: String?
        @Option(help: "Account name for Basic authentication (password from standard input).") var username: String?
        @Flag(name: .customLong("password-stdin"), help: "Read the Basic-auth password from standard input.") var passwordFromStandardInput = false
        @Option(name: .customLong("ca-file"), help: "PEM file of the CA that signed the gateway's certificate.") var caFile: String?
        @Option(help: "Only these types, comma-separated (weight,steps,…).") var types: String?
        @Option(help: "Only these categories, comma-separated (body,activity,heart,sleep,nutrition,respiratory,mindfulness,other).") var categories: String?
        @Option(help: "The label the gateway's owner sees as userId (default: your username).") var label: String?
        @Option(help: "How often the server (or `sync daemon`) pushes on its own: realtime, hourly, daily or manual (default: keep, or manual).") var frequency: SyncFrequency?
        @OptionGroup var storage: StorageRuleOptions

        func validate() throws {
            if let port { try PortOption.validate(port, option: "--port") }
            guard (apiKey != nil) != (username != nil) else {
                throw ValidationError("Give either --api-key or --username with --password-stdin. / --api-key か --username（と --password-stdin）のどちらか一方を指定してください。")
            }
            if username != nil, !passwordFromStandardInput {
                throw ValidationError("--username needs --password-stdin. / --username には --password-stdin が必要です。")
            }
        }

        func run() async throws {
            let (_, user, file) = try await owner.open()
            do {
                let gatewayURL = try GatewayTarget.validatedURL(url, port: port)
                let metrics = try GatewayTarget.metrics(types: Self.list(types), categories: Self.list(categories))
                if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
                    throw CLIError(.init(ja: "CA ファイル \(caFile) を読めません。", en: "Cannot read the CA file \(caFile)."))
                }
                let credentials: GatewayTarget.Credentials
                if let apiKey {
                    credentials = .apiKey(apiKey)
                } else if let username {
                    let password = (readLine(strippingNewline: true) ?? "")
                    guard !password.isEmpty else { throw CLIError(.init(ja: "パスワードが空です。", en: "The password is empty.")) }
                    credentials = .basic(username: username, password: password)
                } else {
                    throw ValidationError("Give either --api-key or --username with --password-stdin. / --api-key か --username（と --password-stdin）のどちらか一方を指定してください。")
                }
                // Keep the installation's device id, the frequency and the storage rule across reconfiguration: the
                // gateway keys retries by the device id, and the rest was chosen on purpose.
                let previous = try? file.load()
                var target = GatewayTarget(
                    url: gatewayURL, credentials: credentials, caFile: caFile.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
                    metrics: metrics, deviceId: previous?.deviceId ?? UUID().uuidString.lowercased(), label: label ?? user.username,
                    frequency: frequency ?? previous?.schedule ?? .manual
                )
                target.keepFreeBytes = storage.keepFree?.bytes ?? previous?.keepFreeBytes
                target.maxSyncedRecords = storage.maxSynced ?? previous?.maxSyncedRecords
                try file.save(target)
                let scope = metrics.isEmpty ? LocalizedText(ja: "すべての種類", en: "all types") : LocalizedText(ja: "\(metrics.count) 種類", en: "\(metrics.count) types")
                print(LocalizedText(
                    ja: "送信先を保存しました: \(gatewayURL.absoluteString)（\(scope.ja)）。資格情報は \(file.url.path)（0600）にあります。",
                    en: "Saved the gateway \(gatewayURL.absoluteString) (\(scope.en)). Credentials are in \(file.url.path) (0600)."
                ).text(in: .terminal))
            } catch let error as SyncError {
                throw CLIError(error.message)
            }
        }

        static func list(_ text: String?) -> [String] {
            (text ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Push every unconfirmed record now, in batches of up to 100.")

        @OptionGroup var owner: Owner
        @Option(name: .customLong("prune-synced-older-than"), help: "Afterwards delete confirmed records older than this (e.g. 90d).") var prune: PruneAge?
        @OptionGroup var storage: StorageRuleOptions

        func run() async throws {
            let (database, user, file) = try await owner.open()
            let runner = SyncRunner(database: database, user: user, dataDirectory: owner.data.directoryURL)
            let attempt = try await runner.runOnce(showProgress: true)
            let rule = storage.rule(saved: try? file.load())
            print(SyncRunner.describe(attempt))
            let freed = try await runner.agent.enforce(rule, user: user, now: Date())
            if freed > 0 {
                print(LocalizedText(ja: "送信済みの古い記録を \(freed) 件削除しました。", en: "Deleted the \(freed) oldest synced records.").text(in: .terminal))
            }
            if let prune {
                let removed = try await runner.agent.pruneSynced(userId: user.savedId, before: Date().addingTimeInterval(-prune.seconds))
                print(LocalizedText(ja: "送信済みの古い記録を \(removed) 件削除しました。", en: "Deleted \(removed) synced records older than \(prune.days) days.").text(in: .terminal))
            }
            if attempt.status == .failed { throw ExitCode(2) }
        }
    }

    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the gateway, the last sync and what is waiting.")

        @OptionGroup var owner: Owner

        func run() async throws {
            let (database, user, file) = try await owner.open()
            let language = Language.terminal
            guard let target = try? file.load() else {
                print(LocalizedText(ja: "送信先は未設定です。", en: "No gateway configured.").text(in: language))
                return
            }
            let agent = SyncAgentService(database: database, dataDirectory: owner.data.directoryURL)
            let waiting = try await agent.waitingCount(userId: user.savedId, metrics: target.metrics)
            if target.accessRevokedAt != nil { print(SyncAgentError.accessRevoked.message.text(in: language)) }
            if let progress = agent.progress(userId: try user.savedId) {
                print(LocalizedText(
                    ja: "同期を実行中です: \(progress.sent) / \(progress.total) 件（\(progress.percent) %）",
                    en: "A sync is running now: \(progress.sent) of \(progress.total) records (\(progress.percent) %)."
                ).text(in: language))
            }
            print(LocalizedText(ja: "頻度: \(target.schedule.rawValue)", en: "Frequency: \(target.schedule.rawValue)").text(in: language))
            let last = try await agent.attempts(userId: user.savedId, limit: 1).first
            print(LocalizedText(ja: "送信先: \(target.endpoint.absoluteString)", en: "Gateway: \(target.endpoint.absoluteString)").text(in: language))
            print(LocalizedText(ja: "未送信: \(waiting) 件", en: "Waiting: \(waiting) records").text(in: language))
            if let last {
                print(LocalizedText(
                    ja: "前回: \(APIFormat.date(last.startedAt)) \(last.status)（\(last.sent) 件）\(last.error.map { " — \($0)" } ?? "")",
                    en: "Last sync: \(APIFormat.date(last.startedAt)) \(last.status) (\(last.sent) records)\(last.error.map { " — \($0)" } ?? "")"
                ).text(in: language))
            } else {
                print(LocalizedText(ja: "まだ同期していません。", en: "Never synced.").text(in: language))
            }
        }
    }

    struct History: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List sync attempts, newest first.")

        @OptionGroup var owner: Owner
        @Option(help: "How many, newest first (0 lists none).") var limit: Int = 20

        func validate() throws {
            guard limit >= 0 else {
                throw ValidationError("--limit must be 0 or more, not \(limit). / --limit は 0 以上で指定してください（\(limit) は使えません）。")
            }
        }

        func run() async throws {
            let (database, user, _) = try await owner.open()
            let language = Language.terminal
            let header = language == .ja ? ["日時", "結果", "件数", "無効", "再試行", "所要", "エラー"] : ["WHEN", "STATUS", "SENT", "REJECTED", "RETRIES", "TOOK", "ERROR"]
            let agent = SyncAgentService(database: database, dataDirectory: owner.data.directoryURL)
            let attempts = limit == 0 ? [] : try await agent.attempts(userId: user.savedId, limit: limit)
            let rows = attempts.map { attempt in
                [
                    APIFormat.date(attempt.startedAt), attempt.status, String(attempt.sent), String(attempt.rejected), String(attempt.retries),
                    String(format: "%.1fs", attempt.duration), attempt.error ?? "",
                ]
            }
            print(Table(header: header, rows: rows).render())
        }
    }

    struct Daemon: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Keep syncing: on a schedule, or within seconds of new records (--realtime). Stops cleanly on SIGTERM.")

        enum Every: String, ExpressibleByArgument, CaseIterable {
            case hourly, daily
        }

        @OptionGroup var owner: Owner
        @Option(help: "hourly or daily (default: the frequency saved with the target).") var every: Every?
        @Flag(help: "Push new records within seconds of their arrival (default: the frequency saved with the target).") var realtime = false
        @Option(name: .customLong("prune-synced-older-than"), help: "After each run delete confirmed records older than this (e.g. 90d).") var prune: PruneAge?
        @OptionGroup var storage: StorageRuleOptions

        func validate() throws {
            if every != nil, realtime {
                throw ValidationError("Give --every hourly|daily or --realtime, not both. / --every hourly|daily と --realtime は同時に指定できません。")
            }
        }

        /// The flags' frequency, else the one saved with the target (as the web page sets it).
        func frequency(saved: SyncFrequency) throws -> SyncFrequency {
            if realtime { return .realtime }
            if let every { return every == .daily ? .daily : .hourly }
            guard saved != .manual else {
                throw CLIError(.init(
                    ja: "同期の頻度が「手動」です。--every hourly|daily か --realtime を指定するか、設定画面で頻度を選んでください。",
                    en: "The saved frequency is manual. Give --every hourly|daily or --realtime, or choose a frequency on the settings page."
                ))
            }
            return saved
        }

        func run() async throws {
            let (database, user, file) = try await owner.open()
            let target = try file.loadForCLI()
            let frequency = try frequency(saved: target.schedule)
            let realtime = frequency == .realtime
            let logger = Logger(label: "kiroku.sync")
            let interval: Duration = realtime ? .seconds(2) : .seconds(Int64(frequency.interval ?? 3_600))
            let daemon = SyncDaemon(
                runner: SyncRunner(database: database, user: user, dataDirectory: owner.data.directoryURL), interval: interval, onlyWhenPending: realtime,
                pruneAge: prune?.seconds, storageRule: storage.rule(saved: target), logger: logger
            )
            let group = ServiceGroup(configuration: .init(services: [.init(service: daemon)], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            try await group.run()
        }
    }
}

/// "90d" (days) or a plain number of days.
struct PruneAge: ExpressibleByArgument {
    let days: Int

    init?(argument: String) {
        let digits = argument.hasSuffix("d") ? String(argument.dropLast()) : argument
        guard let days = Int(digits), days > 0 else { return nil }
        self.days = days
    }

    var seconds: TimeInterval { Double(days) * 86_400 }
}

/// Dates as the CLI prints them.
enum APIFormat {
    static func date(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        return formatter.string(from: date)
    }
}

extension SyncTargetFile {
    /// The saved target, or the agent's refusal in both languages.
    func loadForCLI() throws -> GatewayTarget {
        do {
            return try load()
        } catch let error as SyncAgentError {
            throw CLIError(error.message)
        }
    }
}

/// `--keep-free 2G --max-synced 500000`: R9's storage rule, off unless asked for.
struct StorageRuleOptions: ParsableArguments {
    @Option(name: .customLong("keep-free"), help: "When the disk has less free than this (e.g. 500M, 2G), delete the oldest synced records.")
    var keepFree: ByteSize?
    @Option(name: .customLong("max-synced"), help: "Keep at most this many synced records; the oldest synced go first.")
    var maxSynced: Int?

    /// The flags' rule when any flag is given, else the one saved with the target (as the web page sets it).
    func rule(saved target: GatewayTarget?) -> SyncStorageRule {
        guard keepFree == nil, maxSynced == nil, let target else { return SyncStorageRule(minimumFreeBytes: keepFree?.bytes, maxSyncedRecords: maxSynced) }
        return SyncStorageRule(saved: target)
    }
}

/// "500M", "2G", "1048576".
struct ByteSize: ExpressibleByArgument {
    let bytes: Int64

    init?(argument: String) {
        guard let bytes = SyncStorageRule.bytes(argument) else { return nil }
        self.bytes = bytes
    }
}

extension SyncFrequency: ExpressibleByArgument {}
