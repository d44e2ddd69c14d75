import Logging

/// The human-readable handler (`--log-format text`), with the same redaction as the JSON one.
public struct RedactingTextLogHandler: LogHandler {
    private var inner: StreamLogHandler
    private let redactor: PersonalDataRedactor

    public init(label: String, level: Logger.Level, redactor: PersonalDataRedactor) {
        self.inner = StreamLogHandler.standardOutput(label: label)
        self.inner.logLevel = level
        self.redactor = redactor
    }

    public var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = redactor.redact(newValue) }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { inner.metadataProvider }
        set { inner.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = PersonalDataRedactor.isPersonal(key) && redactor.enabled ? .string(PersonalDataRedactor.placeholder) : newValue }
    }

    public func log(event: LogEvent) {
        var event = event
        event.metadata = event.metadata.map(redactor.redact)
        inner.log(event: event)
    }
}
