import ArgumentParser
import Foundation
import Health
import Services
import Storage

struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Create, list and delete accounts, and set a forgotten password.",
        subcommands: [Create.self, List.self, Password.self, Delete.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create an account.")

        @OptionGroup var data: DataOptions
        @Argument(help: "Username: 3–32 letters, digits, _ . -")
        var username: String
        @Option(help: "Display name.")
        var displayName: String = ""
        @Flag(help: "Read the password from the first line of standard input instead of prompting.")
        var passwordStdin = false

        func run() async throws {
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            let accounts = AccountService(database: try data.openDatabase(), hasher: PasswordHasher())
            do {
                let user = try await accounts.signUp(username: username, password: password, displayName: displayName, now: Date())
                print(LocalizedText(ja: "ユーザー「\(user.username)」を作成しました。", en: "Created user “\(user.username)”.").text(in: .terminal))
            } catch let error as any DomainError {
                throw CLIError(error.message)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List accounts.")

        @OptionGroup var data: DataOptions

        func run() async throws {
            let database = try data.openDatabase()
            let users = try await AccountService(database: database, hasher: PasswordHasher()).allUsers()
            let records = HealthRecordService(database: database)
            let header = Language.terminal == .ja ? ["ユーザー名", "表示名", "記録数", "作成日時"] : ["USERNAME", "DISPLAY NAME", "RECORDS", "CREATED"]
            var rows: [[String]] = []
            for user in users {
                rows.append([user.username, user.displayName, String(try await records.recordCount(userId: user.savedId)), Instant.iso8601(user.createdAt)])
            }
            print(Table(header: header, rows: rows).render())
        }
    }
}

extension UserCommand {
    struct Password: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "password",
            abstract: "Set a user's password (for someone who forgot theirs). Signs out all their browsers."
        )

        @OptionGroup var data: DataOptions
        @Argument(help: "Username.")
        var username: String
        @Flag(help: "Read the new password from the first line of standard input instead of prompting.")
        var passwordStdin = false

        func run() async throws {
            let database = try data.openDatabase()
            let user = try await data.user(username, in: database)
            let password = try PasswordInput.read(fromStandardInput: passwordStdin)
            let accounts = AccountService(database: database, hasher: PasswordHasher())
            do {
                try await accounts.setPassword(userId: user.savedId, to: password)
                try await accounts.endSessions(userId: user.savedId)
            } catch let error as any DomainError {
                throw CLIError(error.message)
            }
            print(LocalizedText(ja: "「\(user.username)」のパスワードを変更しました。", en: "Changed the password of “\(user.username)”.").text(in: .terminal))
        }
    }
}

enum PasswordInput {
    static func read(fromStandardInput: Bool) throws -> String {
        if fromStandardInput {
            guard let line = readLine(strippingNewline: true) else {
                throw CLIError(.init(ja: "標準入力からパスワードを読めませんでした。", en: "Could not read a password from standard input."))
            }
            return line
        }
        guard let pointer = getpass(Language.terminal == .ja ? "パスワード: " : "Password: ") else {
            throw CLIError(.init(ja: "パスワードを読めませんでした。", en: "Could not read the password."))
        }
        return String(cString: pointer)
    }
}

extension UserCommand {
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an account: every record, goal, token and file it owns, for good."
        )

        @OptionGroup var data: DataOptions
        @Argument(help: "Username.")
        var username: String
        @Flag(help: "Do not ask for confirmation.")
        var yes = false

        func run() async throws {
            let database = try data.openDatabase()
            let user = try await data.user(username, in: database)
            if !yes {
                let count = try await HealthRecordService(database: database).recordCount(userId: user.savedId)
                print(LocalizedText(
                    ja: "「\(user.username)」と記録 \(count) 件、設定とファイルをすべて削除します。元に戻せません。続けるにはユーザー名を入力してください: ",
                    en: "This deletes “\(user.username)”, \(count) records, and every setting and file of theirs, for good. Type the username to go on: "
                ).text(in: .terminal), terminator: "")
                guard readLine()?.trimmingCharacters(in: .whitespaces) == user.username else {
                    throw CLIError(.init(ja: "削除を取りやめました。何も変更していません。", en: "Not deleted. Nothing was changed."))
                }
            }
            let accounts = AccountService(database: database, hasher: PasswordHasher(), files: UserFiles(dataDirectory: data.directoryURL))
            try await accounts.deleteAccount(user)
            print(LocalizedText(ja: "「\(user.username)」を削除しました。", en: "Deleted “\(user.username)”.").text(in: .terminal))
        }
    }
}
