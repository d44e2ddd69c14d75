import Foundation
import Logging

/// Everything the server needs to know about where and how to run. Filled from flags and environment by the CLI.
public struct AppConfiguration: Sendable {
    public var host: String
    public var port: Int
    public var dataDirectory: URL
    public var logLevel: Logger.Level
    public var logFormat: LogFormat
    public var logPersonalData: Bool
    /// Marks cookies `Secure`. Set it when Kiroku is reached over HTTPS (directly or through a TLS proxy).
    public var secureCookies: Bool

    public enum LogFormat: String, Sendable, CaseIterable {
        case json
        case text
    }

    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        dataDirectory: URL = URL(fileURLWithPath: ".kiroku"),
        logLevel: Logger.Level = .info,
        logFormat: LogFormat = .text,
        logPersonalData: Bool = false,
        secureCookies: Bool = false
    ) {
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.logLevel = logLevel
        self.logFormat = logFormat
        self.logPersonalData = logPersonalData
        self.secureCookies = secureCookies
    }

    public var databasePath: String { dataDirectory.appendingPathComponent("kiroku.sqlite").path }
}
