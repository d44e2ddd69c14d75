import ArgumentParser
import Foundation
import Health
import Services
import Storage

struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Personal API tokens.",
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a token and print it once.")
        @OptionGroup var data: DataOptions
        @Option(help: "Owner's username.") var user: String
        @Option(help: "A name to recognise the token by.") var name: String

        func run() async throws {
            let database = try data.openDatabase()
            let owner = try await data.user(user, in: database)
            let accounts = AccountService(database: database, hasher: PasswordHasher())
            do {
                let (secret, _) = try await accounts.createToken(for: owner.savedId, name: name, now: Date())
                print(secret)
            } catch let error as any DomainError {
                throw CLIError(error.message)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List a user's tokens (never their secrets).")
        @OptionGroup var data: DataOptions
        @Option(help: "Owner's username.") var user: String

        func run() async throws {
            let database = try data.openDatabase()
            let owner = try await data.user(user, in: database)
            let header = Language.terminal == .ja ? ["ID", "名前", "先頭", "作成", "最終使用"] : ["ID", "NAME", "PREFIX", "CREATED", "LAST USED"]
            let rows = try await AccountService(database: database, hasher: PasswordHasher()).tokens(userId: owner.savedId).map {
                [String(try $0.savedId), $0.name, $0.prefix, Instant.iso8601($0.createdAt), $0.lastUsedAt.map(Instant.iso8601) ?? "-"]
            }
            print(Table(header: header, rows: rows).render())
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token by id.")
        @OptionGroup var data: DataOptions
        @Option(help: "Owner's username.") var user: String
        @Argument(help: "Token id (see `kiroku token list`).") var id: Int64

        func run() async throws {
            let database = try data.openDatabase()
            let owner = try await data.user(user, in: database)
            do {
                try await AccountService(database: database, hasher: PasswordHasher()).revokeToken(id: id, userId: owner.savedId)
            } catch ServiceError.notFound {
                throw CLIError(.init(ja: "トークン \(id) は見つかりません。", en: "No token \(id)."))
            }
            print(LocalizedText(ja: "トークン \(id) を無効にしました。", en: "Revoked token \(id).").text(in: .terminal))
        }
    }
}
