import ArgumentParser
import Foundation
import Health
import Services
import Storage

/// The data directory every command works on.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"), help: "Directory holding Kiroku's SQLite database (env KIROKU_DATA_DIR).")
    var dataDirectory: String = ProcessInfo.processInfo.environment["KIROKU_DATA_DIR"] ?? ".kiroku"

    var directoryURL: URL { URL(fileURLWithPath: dataDirectory) }

    func openDatabase(durableCommits: Bool = false) throws -> AppDatabase {
        try makeDirectory()
        return try AppDatabase.open(path: directoryURL.appendingPathComponent("kiroku.sqlite").path, durableCommits: durableCommits)
    }

    /// Creates the directory (mode 0700) if it is missing, or says in both languages why it cannot be one:
    /// Foundation's own error for a file in its place reads "The operation could not be completed".
    func makeDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directoryURL.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CLIError(LocalizedText(
                    ja: "--data-dir の「\(dataDirectory)」はファイルです。データ用のディレクトリを指定してください。",
                    en: "--data-dir “\(dataDirectory)” is a file; give a directory for Kiroku's data."
                ))
            }
            return
        }
        do {
            try FileManager.default.createDirectory(at: directoryURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CLIError(LocalizedText(
                ja: "データ用のディレクトリ「\(dataDirectory)」を作れません（親ディレクトリへの書き込み権限とパスを確認してください）。",
                en: "Cannot create the data directory “\(dataDirectory)” (check the path and write permission on its parent)."
            ))
        }
    }

    /// Looks a user up by name, or stops with a message in both languages.
    func user(_ name: String, in database: AppDatabase) async throws -> User {
        guard let user = try await AccountService(database: database, hasher: PasswordHasher()).user(username: name) else {
            throw CLIError(LocalizedText(ja: "ユーザー「\(name)」は存在しません。", en: "No user named “\(name)”."))
        }
        return user
    }
}

/// A failure the CLI reports to a person: printed in their language, exit status 1.
struct CLIError: Error, CustomStringConvertible {
    let message: LocalizedText

    init(_ message: LocalizedText) {
        self.message = message
    }

    var description: String { message.text(in: .terminal) }
}

extension Language {
    /// The terminal's language from LC_ALL / LC_MESSAGES / LANG: Japanese for ja_*, English otherwise.
    static var terminal: Language {
        let environment = ProcessInfo.processInfo.environment
        let locale = environment["LC_ALL"] ?? environment["LC_MESSAGES"] ?? environment["LANG"] ?? ""
        return locale.lowercased().hasPrefix("ja") ? .ja : .en
    }
}
