import ArgumentParser
import Foundation
import Health
import Services
import Storage

/// `kiroku stores operator-token …`: credentials for the wait-time feed endpoints (`X-Operator-Token`).
struct OperatorTokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "operator-token",
        abstract: "Operator tokens for PUT /api/stores/{id}/waittime.",
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Create a token and print it once.")
        @OptionGroup var data: DataOptions
        @Argument(help: "A name to recognise the token by (e.g. the feed's host).") var name: String

        func run() async throws {
            do {
                let (secret, _) = try await WaitTimeService(database: try data.openDatabase()).createOperatorToken(name: name)
                print(secret)
            } catch let error as any DomainError {
                throw CLIError(error.message)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List operator tokens (never their secrets).")
        @OptionGroup var data: DataOptions

        func run() async throws {
            let header = Language.terminal == .ja ? ["ID", "名前", "先頭", "作成", "最終使用"] : ["ID", "NAME", "PREFIX", "CREATED", "LAST USED"]
            let rows = try await data.openDatabase().operatorTokens().map {
                [String(try $0.savedId), $0.name, $0.prefix, Instant.iso8601($0.createdAt), $0.lastUsedAt.map(Instant.iso8601) ?? "-"]
            }
            print(Table(header: header, rows: rows).render())
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke an operator token by id.")
        @OptionGroup var data: DataOptions
        @Argument(help: "Token id (see `kiroku stores operator-token list`).") var id: Int64

        func run() async throws {
            guard try await data.openDatabase().revokeOperatorToken(id: id) else {
                throw CLIError(.init(ja: "運用者トークン \(id) は見つかりません。", en: "No operator token \(id)."))
            }
            print(LocalizedText(ja: "運用者トークン \(id) を無効にしました。", en: "Revoked operator token \(id).").text(in: .terminal))
        }
    }
}
