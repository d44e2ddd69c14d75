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
    static let noBOMHelp = ArgumentHelp("CSV without the UTF-8 byte-order mark that tells Excel the file is UTF-8.")
    @Flag(name: .customLong("no-bom"), help: Self.noBOMHelp) var noBOM = false
    @Flag(help: "Seal the export with a passphrase (read from standard input, or KIROKU_EXPORT_PASSPHRASE); open it with `kiroku unseal`.")
    var encrypt = false

    func validate() throws {
        if encrypt, output == nil {
            throw ValidationError("--encrypt needs --output FILE. / --encrypt には --output FILE が必要です。")
        }
    }

    func run() async throws {
        let database = try data.openDatabase()
        let owner = try await data.user(user, in: database)
        let exporter = DataExporter(database: database, secrets: SecretBox(dataDirectory: data.directoryURL))
        let bytes: Data
        switch format {
        case .csv: bytes = SpreadsheetCSV.bytes(try await exporter.csv(userId: owner.savedId, timeZone: owner.resolvedTimeZone), byteOrderMark: !noBOM)
        case .json: bytes = try await exporter.json(user: owner, now: Date())
        }
        if encrypt, let output {
            do {
                try SealedExport.seal(bytes, passphrase: try Passphrase.read(variable: "KIROKU_EXPORT_PASSPHRASE"), to: URL(fileURLWithPath: output))
            } catch let error as BackupError {
                throw CLIError(error.message)
            }
            print(LocalizedText(
                ja: "暗号化したエクスポートを \(output) に書き出しました。開くには: kiroku unseal \(output) -o FILE",
                en: "Wrote the sealed export to \(output). To open it: kiroku unseal \(output) -o FILE"
            ).text(in: .terminal))
            return
        }
        try ExportOutput.write(bytes, to: output)
    }
}

/// `kiroku unseal FILE -o OUT`: opens an export sealed with `kiroku export --encrypt`.
struct UnsealCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unseal", abstract: "Open an export sealed with `kiroku export --encrypt`.")

    @Argument(help: "The sealed export.") var file: String
    @Option(name: .shortAndLong, help: "Where to write the opened export (mode 0600).") var output: String

    func run() async throws {
        let source = URL(fileURLWithPath: file)
        guard SealedExport.isSealed(source) else { throw CLIError(BackupError.notSealed(source.lastPathComponent).message) }
        do {
            try SealedExport.open(source, passphrase: try Passphrase.read(variable: "KIROKU_EXPORT_PASSPHRASE"), to: URL(fileURLWithPath: output))
        } catch let error as BackupError {
            throw CLIError(error.message)
        }
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
