import ArgumentParser
import Foundation
import Hummingbird
import Logging
import Server
import Storage

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Kiroku server.")

    @Option(help: "Address to listen on.")
    var host: String = ProcessInfo.processInfo.environment["KIROKU_HOST"] ?? "127.0.0.1"

    @Option(help: "Port to listen on.")
    var port: Int = Int(ProcessInfo.processInfo.environment["KIROKU_PORT"] ?? "") ?? 8080

    @Option(name: .customLong("data-dir"), help: "Directory holding the SQLite database.")
    var dataDirectory: String = ProcessInfo.processInfo.environment["KIROKU_DATA_DIR"] ?? ".kiroku"

    func run() async throws {
        let configuration = AppConfiguration(host: host, port: port, dataDirectory: URL(fileURLWithPath: dataDirectory))
        try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        let database = try AppDatabase.open(path: configuration.databasePath)
        let logger = Logger(label: "kiroku")
        let app = buildApplication(configuration: configuration, database: database, logger: logger)
        try await app.runService()
    }
}
