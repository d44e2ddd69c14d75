import Foundation
import Logging

/// A swift-log handler writing one JSON object per line: timestamp, level, message, source location,
/// and metadata with personal data redacted. Machines parse it; people read the text handler.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?

    private let label: String
    private let redactor: PersonalDataRedactor
    private let write: @Sendable (String) -> Void

    public init(
        label: String,
        level: Logger.Level = .info,
        redactor: PersonalDataRedactor = PersonalDataRedactor(),
        write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardOutput
    ) {
        self.label = label
        self.logLevel = level
        self.redactor = redactor
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        let entry: [String: Any] = [
            "timestamp": Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            "level": event.level.rawValue,
            "label": label,
            "message": "\(event.message)",
            "source": event.source,
            "location": "\(event.file.split(separator: "/").last ?? ""):\(event.line)",
            "function": event.function,
            "context": Self.json(redactor.redact(merged)),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys, .withoutEscapingSlashes]),
              let line = String(data: data, encoding: .utf8)
        else { return }
        write(line)
    }

    private static func json(_ metadata: Logger.Metadata) -> [String: Any] {
        metadata.mapValues(json)
    }

    private static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .dictionary(let dictionary): json(dictionary)
        case .array(let array): array.map(json)
        }
    }

    public static let standardOutput: @Sendable (String) -> Void = { line in
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
