import ArgumentParser
import Foundation
import Health
import Services
import Storage

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export all of a user's records as CSV or JSON.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    @OptionGroup var data: DataOptions
    @Option(help: "Owner's username.") var user: String
    @Option(help: "csv or json.") var format: Format = .json
    @Option(name: .shortAndLong, help: "Write to this file (mode 0600) instead of standard output.") var output: String?

    func run() async throws {
        let database = try data.openDatabase()
        let owner = try await data.user(user, in: database)
        let exporter = DataExporter(database: database, secrets: SecretBox(dataDirectory: data.directoryURL))
        let bytes: Data
        switch format {
        case .csv: bytes = Data(try await exporter.csv(userId: owner.savedId).utf8)
        case .json: bytes = try await exporter.json(user: owner, now: Date())
        }
        try ExportOutput.write(bytes, to: output)
    }
}

/// Where an export goes: a file readable by its owner only (it is personal data), or standard output.
enum ExportOutput {
    static func write(_ bytes: Data, to output: String?) throws {
        guard let output else {
            FileHandle.standardOutput.write(bytes)
            return
        }
        guard FileManager.default.createFile(atPath: output, contents: bytes, attributes: [.posixPermissions: 0o600]) else {
            throw CLIError(.init(ja: "\(output) に書き込めません。", en: "Cannot write \(output)."))
        }
    }
}
