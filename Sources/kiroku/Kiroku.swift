import ArgumentParser

@main
struct Kiroku: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiroku",
        abstract: "Kiroku (記録): self-hosted health and habit records.",
        subcommands: [Serve.self],
        defaultSubcommand: Serve.self
    )
}
