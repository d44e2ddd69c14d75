import ArgumentParser
import Foundation
import Health
import Services
import Storage

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a demo account with a year of realistic records, twelve weeks of training and a few step tasks, so every page is full at once."
    )

    @OptionGroup var data: DataOptions
    @Option(help: "Demo account's username.") var username: String = "demo"
    @Option(help: "Demo account's password.") var password: String = "kiroku-demo-password"
    @Option(help: "How many days of history, 1–3650.") var days: Int = 365

    func validate() throws {
        guard (1...3_650).contains(days) else {
            throw ValidationError("--days must be 1–3650, not \(days). / --days は 1〜3650 で指定してください（\(days) は使えません）。")
        }
    }

    func run() async throws {
        let database = try data.openDatabase()
        let language = Language.terminal
        let accounts = AccountService(database: database, hasher: PasswordHasher())
        if try await accounts.user(username: username) != nil {
            print(LocalizedText(ja: "デモアカウント「\(username)」は既にあります。", en: "The demo account “\(username)” already exists.").text(in: language))
            return
        }
        let user: User
        do {
            user = try await accounts.signUp(username: username, password: password, displayName: "Demo", now: Date())
        } catch let error as any DomainError {
            throw CLIError(error.message)
        }
        let seeded = try await DemoAccountSeeder(database: database, days: days)
            .seed(user, language: language, now: Date()) { done, total in ProgressBar.draw(done: done, total: total) }
        ProgressBar.finish()
        print(LocalizedText(
            ja: "デモアカウントを作成しました: ユーザー名 \(username) / パスワード \(password)（記録 \(seeded.records) 件、トレーニング \(seeded.sets) セット、タスク \(seeded.tasks) 件）",
            en: "Demo account ready: username \(username) / password \(password) (\(seeded.records) records, \(seeded.sets) sets, \(seeded.tasks) tasks)"
        ).text(in: language))
    }
}
