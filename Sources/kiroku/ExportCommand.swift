import ArgumentParser
import Foundation
import Health
import Services
import Storage

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export everything a user has as JSON, or their health records as CSV.")

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
        if encrypt, let output {
            // Sealing takes the whole export at once: it is built in memory (a page at a time for the rest).
            var bytes = Data()
            try await write(exporter, owner: owner) { bytes.append($0) }
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
        let destination = try ExportOutput.Stream(to: output)
        do {
            try await write(exporter, owner: owner) { try destination.write($0) }
            try destination.close()
        } catch {
            destination.discard()
            throw error
        }
        // Standard output is free when the export went to a file: say where it went, as `kiroku backup` does.
        if let output {
            let size = ((try? FileManager.default.attributesOfItem(atPath: output)[.size]) as? NSNumber)?.int64Value ?? 0
            let bytes = DigitGrouping.apply(String(size))
            print(LocalizedText(
                ja: "「\(owner.username)」のエクスポートを \(output) に書き出しました（\(bytes) バイト）。",
                en: "Wrote the export of “\(owner.username)” to \(output) (\(bytes) bytes)."
            ).text(in: .terminal))
        }
    }

    /// The export in pieces, in order: records are read and written a page at a time.
    private func write(_ exporter: DataExporter, owner: User, to sink: (Data) throws -> Void) async throws {
        switch format {
        case .csv:
            try await exporter.csv(userId: owner.savedId, timeZone: owner.resolvedTimeZone, byteOrderMark: !noBOM) { try sink(Data($0.utf8)) }
        case .json:
            try await exporter.json(user: owner, now: Date()) { try sink($0) }
        }
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
        print(LocalizedText(ja: "\(file) を開いて \(output) に書き出しました。", en: "Opened \(file) into \(output).").text(in: .terminal))
    }
}

/// Where an export goes: a file readable by its owner only (it is personal data), or standard output.
enum ExportOutput {
    /// An export written in pieces: to a new file of mode 0600, removed again if the export fails, or to standard output.
    final class Stream {
        private let path: String?
        private let handle: FileHandle

        init(to path: String?) throws {
            self.path = path
            guard let path else {
                handle = FileHandle.standardOutput
                return
            }
            guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
                  let handle = FileHandle(forWritingAtPath: path) else {
                throw CLIError(.init(ja: "\(path) に書き込めません。", en: "Cannot write \(path)."))
            }
            self.handle = handle
        }

        func write(_ piece: Data) throws {
            try handle.write(contentsOf: piece)
        }

        func close() throws {
            if path != nil { try handle.close() }
        }

        /// A file left half written would look like a whole export: it goes.
        func discard() {
            guard let path else { return }
            try? handle.close()
            try? FileManager.default.removeItem(atPath: path)
        }
    }

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
