import ArgumentParser
import Foundation
import Services

/// `kiroku gateway-key create`: a key for the stateless gateway (`serve --gateway-only`), which has no accounts of its
/// own. The key is printed once; only its SHA-256 goes into the key file.
struct GatewayKeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gateway-key",
        abstract: "API keys for stateless gateways (serve --gateway-only).",
        subcommands: [Create.self]
    )

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a key for OWNER, append its hash to the key file and print the key (shown once).",
            discussion: "To revoke a key, delete its line from the file: running gateways stop accepting it within a second."
        )

        @Option(help: "The Kiroku username the key's samples are stored under by kiroku ingest --from-kafka.")
        var owner: String

        @Option(help: "The key file every gateway instance reads (created with mode 0600 if missing).")
        var file: String

        func run() async throws {
            do {
                print(try GatewayKeyring.addKey(owner: owner, to: file))
            } catch let error as GatewayKeyFileError {
                throw CLIError(error.message)
            }
        }
    }
}
