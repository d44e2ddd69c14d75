import ArgumentParser
import Foundation
import Health
import Services
import Storage

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a demo account with a year of realistic records, so the charts are full at once."
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
        if try await database.user(username: username) != nil {
            print(LocalizedText(ja: "デモアカウント「\(username)」は既にあります。", en: "The demo account “\(username)” already exists.").text(in: language))
            return
        }
        let accounts = AccountService(database: database, hasher: PasswordHasher())
        let user: User
        do {
            user = try await accounts.signUp(username: username, password: password, displayName: "Demo", now: Date())
        } catch let error as any DomainError {
            throw CLIError(error.message)
        }
        let now = Date()
        let inputs = DemoDataGenerator(days: days).records(endingOn: DemoDataGenerator.lastDay(at: now, in: user.resolvedTimeZone), timeZone: user.resolvedTimeZone)
            .filter { ($0.start ?? now) <= now }
        let service = HealthRecordService(database: database)
        let batch = 500
        var stored = 0
        for chunk in stride(from: 0, to: inputs.count, by: batch) {
            stored += try await service.add(Array(inputs[chunk..<min(chunk + batch, inputs.count)]), userId: user.savedId, source: .manual, now: now).count
            ProgressBar.draw(done: stored, total: inputs.count)
        }
        ProgressBar.finish()
        print(LocalizedText(
            ja: "デモアカウントを作成しました: ユーザー名 \(username) / パスワード \(password)（記録 \(stored) 件）",
            en: "Demo account ready: username \(username) / password \(password) (\(stored) records)"
        ).text(in: language))
    }
}
