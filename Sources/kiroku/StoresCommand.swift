import ArgumentParser
import Foundation
import Health
import Logging
import Services
import Storage
import WaitTimes

/// `kiroku stores …`: the さわやか store directory and its waits, from the local data directory.
struct StoresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stores",
        abstract: "さわやか stores: live waits, details, operator input, directory updates.",
        subcommands: [List.self, Show.self, Observe.self, Load.self, OperatorTokenCommand.self]
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Every store with its wait, shortest first (or nearest first with --near).")
        @OptionGroup var data: DataOptions
        @Flag(help: "Only stores open now.") var open = false
        @Option(name: .customLong("max-wait"), help: "Only stores with a known wait of at most N minutes.") var maxWait: Int?
        @Option(help: "Region: hamamatsu, kosai, chuen, shizuoka, tobu (or its Japanese name).") var region: String?
        @Option(help: "Sort nearest first from LAT,LON.") var near: String?
        @Option(help: "Colour the waits: auto, always or never.") var color: StoresColor = .auto

        func run() async throws {
            var filter = StoreFilter(maxWaitTime: maxWait, openOnly: open)
            if let region {
                guard let parsed = Region(matching: region) else {
                    throw CLIError(.init(ja: "地域「\(region)」は不明です（hamamatsu, kosai, chuen, shizuoka, tobu）。", en: "Unknown region “\(region)” (hamamatsu, kosai, chuen, shizuoka, tobu)."))
                }
                filter.region = parsed
            }
            if let near { filter.near = try Self.coordinate(near) }
            let service = WaitTimeService(database: try data.openDatabase())
            let now = Date()
            let shown = filter.apply(to: try await service.snapshots(now: now, near: filter.near))
            let language = Language.terminal
            let presenter = StoresPresenter(language: language, now: now)
            var header = language == .ja ? ["ID", "店舗", "地域", "待ち時間", "組", "更新"] : ["ID", "STORE", "REGION", "WAIT", "GROUPS", "UPDATED"]
            if filter.near != nil { header.append(language == .ja ? "距離" : "DISTANCE") }
            let rows = shown.map { presenter.row($0, withDistance: filter.near != nil) }
            let lines = Table(header: header, rows: rows).render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let colour = color.enabled
            print(lines[0])
            for (index, line) in lines.dropFirst().enumerated() {
                print(colour ? presenter.colour(line, cell: rows[index][3], band: shown[index].wait.band) : line)
            }
            if shown.isEmpty {
                print(LocalizedText(ja: "条件に合う店舗はありません。", en: "No store matches.").text(in: language))
            }
        }

        static func coordinate(_ text: String) throws -> Coordinate {
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let lat = parts[0], let lon = parts[1], Coordinate(latitude: lat, longitude: lon).isValid else {
                throw CLIError(.init(ja: "--near は「緯度,経度」で指定してください（例: 34.97,138.38）。", en: "--near takes LAT,LON (e.g. 34.97,138.38)."))
            }
            return Coordinate(latitude: lat, longitude: lon)
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One store: address, phone, this week's hours, wait, best time today.")
        @OptionGroup var data: DataOptions
        @Argument(help: "Store id (see `kiroku stores list`).") var id: String

        func run() async throws {
            let service = WaitTimeService(database: try data.openDatabase())
            let now = Date()
            guard let snapshot = try await service.snapshot(id: id, now: now) else { throw StoresCommand.unknownStore(id) }
            let language = Language.terminal
            let presenter = StoresPresenter(language: language, now: now)
            let day = LocalDay(now, in: WaitTimeService.timeZone)
            let forecast = try await service.forecast(store: snapshot.store, day: day, now: now)
            print(presenter.details(snapshot, forecast: forecast))
        }
    }

    struct Observe: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Record a wait for a store now (operators).")
        @OptionGroup var data: DataOptions
        @Argument(help: "Store id.") var id: String
        @Argument(help: "Wait in minutes.") var minutes: Int
        @Option(help: "Waiting groups.") var groups: Int?

        func run() async throws {
            let service = WaitTimeService(database: try data.openDatabase())
            guard try await service.store(id: id) != nil else { throw StoresCommand.unknownStore(id) }
            let now = Date()
            let observation = WaitObservation(storeId: id, observedAt: now, minutes: minutes, groups: groups, status: .available, source: "cli")
            do {
                let result = try await service.record([observation], now: now, logger: Logger(label: "kiroku.cli"))
                print(LocalizedText(
                    ja: "記録しました: \(id) \(minutes)分待ち（通知 \(result.fired.count) 件）",
                    en: "Recorded: \(id) \(minutes) min wait (\(result.fired.count) alerts fired)"
                ).text(in: .terminal))
            } catch let problem as LocalizedProblem {
                throw CLIError(problem.message)
            }
        }
    }

    struct Load: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replace the store directory with a JSON file (an array of stores), after checking it.",
            discussion: "Each store: id, name, region, municipality, and optionally postalCode, address, phone, coordinate {latitude, longitude}, hours (chain, facility, outlet), facility, openedOn, seats, aliases. Observations are kept."
        )
        @OptionGroup var data: DataOptions
        @Argument(help: "The JSON file.") var file: String
        @Flag(name: .customLong("dry-run"), help: "Check and show the changes without saving.") var dryRun = false

        func run() async throws {
            let language = Language.terminal
            let stores: [Store]
            do {
                stores = try JSONDecoder().decode([Store].self, from: Data(contentsOf: URL(fileURLWithPath: file)))
            } catch let error as DecodingError {
                throw CLIError(.init(ja: "JSON を読めません: \(error.localizedDescription)", en: "Cannot read the JSON: \(error.localizedDescription)"))
            } catch {
                throw CLIError(.init(ja: "ファイル「\(file)」を開けません。", en: "Cannot open “\(file)”."))
            }
            let problems = StoreDirectoryChange.problems(in: stores)
            guard problems.isEmpty else {
                throw CLIError(.init(ja: problems.map(\.ja).joined(separator: "\n"), en: problems.map(\.en).joined(separator: "\n")))
            }
            let service = WaitTimeService(database: try data.openDatabase())
            let change = dryRun ? try await service.directoryChange(to: stores) : try await service.replaceStores(with: stores, now: Date())
            func list(_ ids: [String]) -> String { ids.isEmpty ? "" : " (" + ids.joined(separator: ", ") + ")" }
            print(LocalizedText(
                ja: "追加 \(change.added.count)\(list(change.added))、変更 \(change.changed.count)\(list(change.changed))、削除 \(change.removed.count)\(list(change.removed))、変更なし \(change.unchanged)",
                en: "added \(change.added.count)\(list(change.added)), changed \(change.changed.count)\(list(change.changed)), removed \(change.removed.count)\(list(change.removed)), unchanged \(change.unchanged)"
            ).text(in: language))
            if dryRun { print(LocalizedText(ja: "（確認のみ。保存していません）", en: "(dry run: nothing saved)").text(in: language)) }
        }
    }

    static func unknownStore(_ id: String) -> CLIError {
        CLIError(.init(ja: "店舗「\(id)」は存在しません。`kiroku stores list` で ID を確認してください。", en: "No store “\(id)”. See `kiroku stores list` for ids."))
    }
}

enum StoresColor: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never

    var enabled: Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }
}
