import ArgumentParser
import Charts
import Foundation
import Health
import Motivation
import Services

/// `kiroku share-card --user NAME -o card.png`: the same card as the web's download: badges, streak, goal progress and
/// trend, with weight, BMI, name and dates only when their flag is given. Written readable by its owner only.
struct ShareCardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share-card", abstract: "Draw a user's share card as a PNG (nothing personal unless asked for)."
    )

    enum Layout: String, ExpressibleByArgument, CaseIterable {
        case portrait, landscape
    }

    @OptionGroup var owner: MotivationOwner
    @Option(name: .shortAndLong, help: "The PNG file to write (mode 0600).") var output: String
    @Option(help: "portrait (1080×1350) or landscape (1200×630).") var layout: Layout = .portrait
    @Flag(help: "Show the latest weight.") var weight = false
    @Flag(help: "Show the BMI.") var bmi = false
    @Flag(help: "Show the display name.") var name = false
    @Flag(help: "Show dates.") var dates = false

    func run() async throws {
        let (motivation, userId, now) = try await owner.open()
        let language = Language.terminal
        try await motivation.refreshBadges(userId: userId, now: now)
        let card = try await motivation.shareCard(
            userId: userId, privacy: SharePrivacy(showsWeight: weight, showsBMI: bmi, showsName: name, showsDates: dates), language: language, now: now
        )
        guard let shape = ShareCardSVG.Layout(rawValue: layout.rawValue) else { throw ValidationError("layout") }
        let png: Data
        do {
            png = try await card.png(layout: shape, language: language)
        } catch let error as PNGRasterizer.Unavailable {
            throw CLIError(error.message)
        }
        try ExportOutput.write(png, to: output)
        print(LocalizedText(ja: "共有カードを \(output) に書き出しました。", en: "Wrote the share card to \(output).").text(in: language))
    }
}
