import ArgumentParser
import Foundation
import Logging
import Services

/// The log handler every long-running command (`serve`, `ingest`) installs: JSON or text, both redacting personal
/// data unless --log-pii was given, so the two write lines an operator's log pipeline reads the same way.
enum LogBootstrap {
    static func install(format: LogFormat, level: Logger.Level, logPersonalData: Bool) {
        let redactor = PersonalDataRedactor(enabled: !logPersonalData)
        switch format {
        case .json:
            LoggingSystem.bootstrap { label in JSONLogHandler(label: label, level: level, redactor: redactor) }
        case .text:
            LoggingSystem.bootstrap { label in RedactingTextLogHandler(label: label, level: level, redactor: redactor) }
        }
    }

    /// `--log-level`'s default: KIROKU_LOG_LEVEL when it names a level, else info.
    static var environmentLevel: Logger.Level {
        Logger.Level(rawValue: ProcessInfo.processInfo.environment["KIROKU_LOG_LEVEL"] ?? "") ?? .info
    }

    /// `--log-format`'s default: KIROKU_LOG_FORMAT when it names a format, else text.
    static var environmentFormat: LogFormat {
        LogFormat(rawValue: ProcessInfo.processInfo.environment["KIROKU_LOG_FORMAT"] ?? "") ?? .text
    }
}

extension LogFormat: ExpressibleByArgument {}
extension Logger.Level: @retroactive ExpressibleByArgument {}
