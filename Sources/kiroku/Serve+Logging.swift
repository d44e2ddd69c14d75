import Logging
import Server
import Services

extension Serve {
    /// Installs the JSON or text handler, both redacting personal data unless --log-pii was given.
    static func bootstrapLogging(_ configuration: AppConfiguration) {
        let redactor = PersonalDataRedactor(enabled: !configuration.logPersonalData)
        let level = configuration.logLevel
        switch configuration.logFormat {
        case .json:
            LoggingSystem.bootstrap { label in JSONLogHandler(label: label, level: level, redactor: redactor) }
        case .text:
            LoggingSystem.bootstrap { label in RedactingTextLogHandler(label: label, level: level, redactor: redactor) }
        }
    }
}
